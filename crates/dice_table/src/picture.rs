//! The built-in dice table's picture: a scoreboard with one bar per seat.
//!
//! This is the worked example for game pictures: draw from the game's view model (what the
//! viewer may see, with whose turn it is and the winners already worked out by the rules),
//! lay it out in phone pixels and colour by role from the palette. A picture never sees the
//! game's state, so it cannot show what the viewer may not see. Its words are the
//! catalogue's (`locales/*/pictures.ftl`, `pic-dice-table-…`) in the reader's language.

use super::{DiceView, Phase};
use croupier_core::i18n::{text, Locale};
use croupier_core::render::palette;
use croupier_core::render::svg::{fit, Anchor, Circle, Doc, Rect, Text, PHONE_WIDTH};

const MARGIN: f32 = 16.0;
const ROW: f32 = 36.0;
const NAME_X: f32 = 50.0;
const NAME_W: f32 = 124.0;
const BAR_X: f32 = 180.0;
const BAR_W: f32 = 134.0;

/// Lays out the scoreboard, its words in `locale`; the viewer's own row is marked "you".
pub fn scoreboard(t: &DiceView, locale: Locale) -> Doc {
    let w = PHONE_WIDTH;
    let mut doc = Doc::new(w, 100.0);
    let mut y = MARGIN;
    let word = |key: &str| text(locale, key, &[]);

    // Title and where the game is.
    let status = match t.phase {
        Phase::Joining => word("pic-dice-table-joining"),
        Phase::Playing => text(
            locale,
            "pic-dice-table-round",
            &[
                ("round", i64::from(t.round).into()),
                ("rounds", i64::from(t.rounds).into()),
            ],
        ),
        Phase::Over => word("pic-dice-table-over"),
    };
    let title = word("pic-dice-table-title");
    doc.push(Text::new(MARGIN, y + 20.0, title).size(20.0).bold());
    doc.push(
        Text::new(w - MARGIN, y + 20.0, status)
            .size(16.0)
            .bold()
            .anchor(Anchor::End)
            .fill(palette::INFO),
    );
    y += 30.0;
    let rule = text(locale, "pic-dice-table-rule", &[("expr", (&t.expr).into())]);
    doc.push(
        Text::new(MARGIN, y + 14.0, fit(&rule, 13.0, false, w - 2.0 * MARGIN))
            .size(13.0)
            .fill(palette::MUTED),
    );
    y += 26.0;

    let scale = t
        .seats
        .iter()
        .map(|s| s.score.unsigned_abs())
        .max()
        .unwrap_or(0)
        .max(1) as f32;

    for (i, seat) in t.seats.iter().enumerate() {
        let top = y;
        let mid = top + ROW / 2.0;
        let (to_roll, winner) = (seat.to_roll, seat.winner);
        if to_roll || winner {
            doc.push(
                Rect::new(MARGIN - 6.0, top + 2.0, w - 2.0 * MARGIN + 12.0, ROW - 4.0)
                    .radius(6.0)
                    .fill(palette::HIGHLIGHT),
            );
        } else if i % 2 == 1 {
            doc.push(
                Rect::new(MARGIN - 6.0, top + 2.0, w - 2.0 * MARGIN + 12.0, ROW - 4.0)
                    .radius(6.0)
                    .fill(palette::PANEL),
            );
        }

        // Seat badge: colour and number, so the colour is never the only cue.
        let colour = palette::seat(i);
        doc.push(Circle::new(MARGIN + 13.0, mid, 13.0).fill(colour));
        doc.push(
            Text::new(MARGIN + 13.0, mid, (i + 1).to_string())
                .size(14.0)
                .bold()
                .anchor(Anchor::Middle)
                .fill(colour.text_on())
                .centered_v(),
        );

        // Name, with what the row means underneath ("you", "to roll", "★ winner").
        let mut notes = Vec::new();
        if seat.you {
            notes.push(word("pic-dice-table-you"));
        }
        if to_roll {
            notes.push(word("pic-dice-table-to-roll"));
        }
        if winner {
            notes.push(word("pic-dice-table-winner"));
        }
        let bold = to_roll || winner;
        let name_y = if notes.is_empty() {
            mid + 5.0
        } else {
            mid - 1.0
        };
        let mut name = Text::new(NAME_X, name_y, fit(&seat.name, 15.0, bold, NAME_W)).size(15.0);
        if bold {
            name = name.bold();
        }
        doc.push(name);
        if !notes.is_empty() {
            doc.push(
                Text::new(NAME_X, mid + 13.0, notes.join(" · "))
                    .size(12.0)
                    .bold()
                    .fill(palette::MUTED),
            );
        }

        // The bar: length ∝ |score|; negative scores are vermillion and dashed.
        doc.push(
            Rect::new(BAR_X, mid - 8.0, BAR_W, 16.0)
                .radius(4.0)
                .fill(palette::PAPER)
                .stroke(palette::GRID, 1.0),
        );
        let len = BAR_W * seat.score.unsigned_abs() as f32 / scale;
        if len > 0.0 {
            let bar = Rect::new(BAR_X, mid - 8.0, len.max(4.0), 16.0).radius(4.0);
            doc.push(if seat.score < 0 {
                bar.fill(palette::BAD).stroke(palette::INK, 1.0).dashed(3.0)
            } else {
                bar.fill(colour)
            });
        }
        doc.push(
            Text::new(w - MARGIN, mid, seat.score.to_string())
                .size(17.0)
                .bold()
                .anchor(Anchor::End)
                .centered_v(),
        );
        y += ROW;
    }
    if t.seats.is_empty() {
        doc.push(
            Text::new(MARGIN, y + 20.0, word("pic-dice-table-nobody"))
                .size(15.0)
                .fill(palette::MUTED),
        );
        y += ROW;
    }

    // Footer: what happens next.
    let footer = match t.phase {
        Phase::Joining => text(
            locale,
            "pic-dice-table-seated",
            &[("count", t.seats.len().into())],
        ),
        Phase::Playing => match &t.next {
            Some(name) => text(
                locale,
                "pic-dice-table-next",
                &[("name", name.into()), ("expr", (&t.expr).into())],
            ),
            None => String::new(),
        },
        Phase::Over => text(
            locale,
            "pic-winner",
            &[("names", t.winners.join(&word("pic-list-and")).into())],
        ),
    };
    y += 8.0;
    doc.push(
        Text::new(
            MARGIN,
            y + 14.0,
            fit(&footer, 14.0, false, w - 2.0 * MARGIN),
        )
        .size(14.0)
        .fill(palette::INK),
    );
    y += 20.0;
    doc.set_height((y + MARGIN).ceil());
    doc
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{DiceTable, Seat};
    use croupier_core::table::{UserId, Viewer};

    fn draw(t: &DiceTable, viewer: Option<&str>) -> Doc {
        let v = match viewer {
            Some(u) => Viewer::user(&UserId::new(u)),
            None => Viewer::public(),
        };
        scoreboard(&t.view_for(&v), Locale::En)
    }

    fn table(scores: &[i64], phase: Phase, turn: usize) -> DiceTable {
        DiceTable {
            expr: "2d6".into(),
            rounds: 3,
            round: 2,
            seats: scores
                .iter()
                .enumerate()
                .map(|(i, &score)| Seat {
                    user: UserId(format!("u{i}")),
                    name: format!("Player {}", i + 1),
                    score,
                })
                .collect(),
            turn,
            phase,
        }
    }

    /// A Japanese reader's scoreboard: the same seats, scores and marks, its words the
    /// catalogue's Japanese (`pic-dice-table-…`).
    #[test]
    fn a_japanese_reader_reads_the_scoreboard_in_japanese() {
        let t = table(&[12, 7, 30], Phase::Playing, 1);
        let v = t.view_for(&Viewer::user(&UserId::new("u1")));
        let en = scoreboard(&v, Locale::En);
        let ja = scoreboard(&v, Locale::Ja);
        let texts = ja.texts();
        for want in [
            "ダイス卓",
            "ラウンド2/3",
            "毎手番2d6を振る · 合計が最大の人の勝ち",
            "あなた · 手番",
            "次：Player 2が2d6を振る",
        ] {
            assert!(texts.contains(&want), "{want} missing from {texts:?}");
        }
        assert_eq!(texts.len(), en.texts().len());
        for same in ["Player 1", "Player 2", "12", "7", "30"] {
            assert!(texts.contains(&same), "{same}");
        }
        let over = table(&[30, 30], Phase::Over, 0);
        let texts = scoreboard(&over.view_for(&Viewer::public()), Locale::Ja)
            .texts()
            .join("|");
        assert!(texts.contains("勝者：Player 1、Player 2"), "{texts}");
    }

    #[test]
    fn every_seat_shows_its_number_name_and_score() {
        let doc = draw(&table(&[12, 7, 30], Phase::Playing, 1), None);
        let texts = doc.texts();
        for want in [
            "1", "2", "3", "Player 1", "Player 2", "Player 3", "12", "7", "30",
        ] {
            assert!(texts.contains(&want), "{want} missing from {texts:?}");
        }
        assert!(texts.contains(&"Round 2/3"));
        assert!(texts.contains(&"to roll"));
        assert!(texts.contains(&"Next: Player 2 rolls 2d6"));
    }

    #[test]
    fn the_viewer_finds_their_own_row() {
        let doc = draw(&table(&[1, 2], Phase::Playing, 0), Some("u1"));
        assert!(doc.texts().contains(&"you"));
        let doc = draw(&table(&[1, 2], Phase::Playing, 1), Some("u1"));
        assert!(doc.texts().contains(&"you · to roll"));
    }

    #[test]
    fn ties_share_the_win_on_the_final_board() {
        let doc = draw(&table(&[9, 14, 14], Phase::Over, 0), None);
        let texts = doc.texts();
        assert_eq!(texts.iter().filter(|t| **t == "★ winner").count(), 2);
        assert!(texts.contains(&"Winner: Player 2 and Player 3"));
    }

    #[test]
    fn reads_the_state_json_the_table_stores() {
        use croupier_core::table::{DynGame, Loaded};
        let game = Loaded::<DiceTable>::new(());
        let t = table(&[3, -2], Phase::Playing, 0);
        let v = serde_json::to_value(&t).unwrap();
        let state = game.load_value(&v).unwrap();
        let pages = game
            .picture(&state, &Viewer::public(), croupier_core::i18n::Locale::En)
            .unwrap()
            .unwrap();
        assert_eq!(pages, vec![draw(&t, None)]);
        assert!(game.load_value(&serde_json::json!({"expr": 3})).is_err());
    }

    #[test]
    fn ten_seats_stay_readable_on_a_phone() {
        let doc = draw(&table(&[5; 10], Phase::Playing, 9), None);
        assert!(doc.min_font_px_at(400.0).unwrap() >= 11.0);
        assert!(doc.height() < 2.0 * doc.width());
    }
}
