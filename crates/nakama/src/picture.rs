//! One Piece Nakama's picture: the board — the three enemy cards (threat, reward, mission
//! marked met or not met), the five friend columns (the current friend on top, the edges
//! of the earlier ones visible above it), the threat track, defeated counts, deck sizes,
//! whose turn and phase — and, only when drawn for a `viewer` who is seated, that player's
//! own hand. It draws the view model ([`super::view::NakamaView`]), which holds no hand but
//! the viewer's own: without a viewer no hand is ever drawn.
//!
//! Saga colours map to the palette in a fixed order (Red → vermillion, Blue → blue,
//! Green → bluish green, Yellow → yellow, Purple → reddish purple, Orange → orange), and
//! every card also shows its saga's name, so colour is never the only cue.
//!
//! Its words are the catalogue's in the reader's language (`locales/*/pictures-games.ftl`,
//! `pic-nakama-…`; the missions, the step, the rewards and the ranks as the text board
//! writes them, `nakama.ftl`); the names as the data gives them in that language, the
//! friend cards by their labels (`Red 7`, what `card:` takes).

use super::mission::Colour;
use super::state::{berries, list, Phase, DEFEAT_AT, THREAT_LIMIT};
use super::view::NakamaView;
use croupier_core::i18n::Locale;
use croupier_core::render::palette::{self, Color};
use croupier_core::render::svg::{
    fit, text_width, title_line, Anchor, Circle, Doc, Rect, Text, PHONE_WIDTH,
};
use croupier_core::table::{Phrase, Value};

const MARGIN: f32 = 10.0;
const EDGE: f32 = 15.0;
const CARD_H: f32 = 64.0;

/// The palette colour of a saga.
pub fn saga(c: Colour) -> Color {
    match c {
        Colour::Red => palette::VERMILLION,
        Colour::Blue => palette::BLUE,
        Colour::Green => palette::BLUISH_GREEN,
        Colour::Yellow => palette::YELLOW,
        Colour::Purple => palette::REDDISH_PURPLE,
        Colour::Orange => palette::ORANGE,
    }
}

/// A wide (Japanese) character: a line may break before it, and after it.
fn wide(c: char) -> bool {
    c >= '\u{2e80}'
}

/// Punctuation that never begins a line (it stays with the character before it).
fn closing(c: char) -> bool {
    "、。，．）」』】〕！？ー・：；ぁぃぅぇぉっゃゅょァィゥェォッャュョ".contains(c)
}

/// `s` in the pieces a line may break between, each with whether a space goes before it:
/// English words (split at spaces), and each Japanese character on its own (no space), a
/// closing mark kept with the character before it.
fn pieces(s: &str) -> Vec<(bool, String)> {
    let mut out: Vec<(bool, String)> = Vec::new();
    for word in s.split_whitespace() {
        let mut first = true;
        let mut cur = String::new();
        for c in word.chars() {
            let breaks =
                !cur.is_empty() && !closing(c) && (wide(c) || cur.chars().last().is_some_and(wide));
            if breaks {
                out.push((first, std::mem::take(&mut cur)));
                first = false;
            }
            cur.push(c);
        }
        if !cur.is_empty() {
            out.push((first, cur));
        }
    }
    out
}

/// Splits `s` into lines that fit `width` at `size`, at most `max` lines (the last cut with "…").
fn wrap(s: &str, size: f32, width: f32, max: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut cur = String::new();
    for (space, word) in pieces(s) {
        let trial = if cur.is_empty() {
            word.to_string()
        } else if space {
            format!("{cur} {word}")
        } else {
            format!("{cur}{word}")
        };
        if text_width(&trial, size, false) <= width || cur.is_empty() {
            cur = trial;
        } else {
            lines.push(std::mem::take(&mut cur));
            cur = word.to_string();
        }
    }
    if !cur.is_empty() {
        lines.push(cur);
    }
    if lines.len() > max {
        let rest = lines[max - 1..].join(" ");
        lines.truncate(max - 1);
        lines.push(fit(&format!("{rest} …………"), size, false, width));
    }
    lines
        .into_iter()
        .map(|l| fit(&l, size, false, width))
        .collect()
}

/// A friend's ability on its card at 11 px: `★ Move`, or the name alone where the star
/// would not leave room for it (`Exchange` on a narrow card).
fn ability_label(name: &Phrase, width: f32, locale: Locale) -> String {
    let name = name.text(locale);
    let starred = say(
        Phrase::new("pic-nakama-ability").arg("ability", name.as_str()),
        locale,
    );
    if text_width(&starred, 11.0, false) <= width {
        starred
    } else {
        fit(&name, 11.0, false, width)
    }
}

/// The catalogue's words `p` in `locale`.
fn say(p: Phrase, locale: Locale) -> String {
    p.text(locale)
}

/// The message `key` (no values) in `locale`.
fn word(key: &str, locale: Locale) -> String {
    Phrase::new(key).text(locale)
}

/// Lays out the board, its words in `locale`.
pub fn board(g: &NakamaView, locale: Locale) -> Doc {
    let w = PHONE_WIDTH;
    let mut doc = Doc::new(w, 100.0);
    let mut y = MARGIN;

    let status = match g.phase {
        Phase::Joining => word("pic-nakama-joining", locale),
        Phase::Playing => say(
            Phrase::new("pic-nakama-turn").arg("turn", i64::from(g.turns)),
            locale,
        ),
        Phase::Over => word("pic-nakama-over", locale),
    };
    let title = word("pic-nakama-title", locale);
    title_line(&mut doc, y, w, MARGIN, &title, status);
    y += 26.0;
    let line = match (g.phase, &g.pending_said) {
        (Phase::Joining, _) => say(
            Phrase::new("pic-nakama-aboard").arg("count", g.players.len() as i64),
            locale,
        ),
        (Phase::Playing, pending) => say(
            Phrase::new("pic-nakama-pending").arg(
                "pending",
                pending.clone().map_or_else(|| Value::from(""), Value::from),
            ),
            locale,
        ),
        (Phase::Over, _) => word("pic-nakama-ended", locale),
    };
    doc.push(
        Text::new(MARGIN, y + 13.0, fit(&line, 13.0, true, w - 2.0 * MARGIN))
            .size(13.0)
            .bold()
            .fill(palette::INK),
    );
    y += 22.0;

    // Threat track 0–10: the token is the filled vermillion disc with the number.
    doc.push(
        Text::new(MARGIN, y + 16.0, word("pic-nakama-threat", locale))
            .size(13.0)
            .bold(),
    );
    let step = (w - 2.0 * MARGIN - 74.0) / f32::from(THREAT_LIMIT);
    for i in 0..=THREAT_LIMIT {
        let cx = MARGIN + 62.0 + f32::from(i) * step;
        let here = i == g.threat;
        let c = if here {
            Circle::new(cx, y + 12.0, 11.0).fill(palette::BAD)
        } else if i == THREAT_LIMIT {
            Circle::new(cx, y + 12.0, 10.0)
                .fill(palette::PAPER)
                .stroke(palette::BAD, 2.0)
                .dashed(3.0)
        } else {
            Circle::new(cx, y + 12.0, 10.0)
                .fill(palette::PAPER)
                .stroke(palette::GRID, 1.5)
        };
        doc.push(c);
        let mut t = Text::new(cx, y + 12.0, i.to_string())
            .size(11.0)
            .anchor(Anchor::Middle)
            .centered_v();
        t = if here {
            t.bold().fill(palette::PAPER)
        } else {
            t.fill(palette::MUTED)
        };
        doc.push(t);
    }
    y += 30.0;

    // The three enemy spaces.
    let gap = 6.0;
    let ew = (w - 2.0 * MARGIN - 2.0 * gap) / 3.0;
    // Tall enough for the longest mission, written in full (never cut with "…").
    let missions: Vec<Option<String>> = g
        .spaces
        .iter()
        .map(|s| s.as_ref().map(|f| f.mission_said.text(locale)))
        .collect();
    let mission_lines = g
        .spaces
        .iter()
        .zip(&missions)
        .filter_map(|(f, m)| Some((f.as_ref()?, m.as_ref()?)))
        .map(|(f, m)| wrap(m, 11.0, ew - 12.0, usize::MAX).len() + usize::from(f.boss))
        .max()
        .unwrap_or(0);
    let eh = (15.0 + 2.0 * 14.0 + 13.0 + 14.0 + mission_lines as f32 * 12.5 + 22.0).max(132.0);
    for (s, space) in g.spaces.iter().enumerate() {
        let x = MARGIN + s as f32 * (ew + gap);
        match space {
            None => {
                doc.push(
                    Rect::new(x, y, ew, eh)
                        .radius(6.0)
                        .fill(palette::PAPER)
                        .stroke(palette::GRID, 1.5)
                        .dashed(4.0),
                );
                doc.push(
                    Text::new(x + ew / 2.0, y + eh / 2.0, word("nakama-empty", locale))
                        .size(12.0)
                        .anchor(Anchor::Middle)
                        .fill(palette::MUTED),
                );
            }
            Some(f) => {
                let name = f.name_said.text(locale);
                let (threat, reward, boss, met) = (f.threat, f.reward, f.boss, f.met);
                let edge = if met { palette::GOOD } else { palette::BAD };
                doc.push(
                    Rect::new(x, y, ew, eh)
                        .radius(6.0)
                        .fill(palette::PANEL)
                        .stroke(edge, 2.5),
                );
                let mut ty = y + 15.0;
                if boss {
                    doc.push(
                        Text::new(x + 6.0, ty, word("pic-nakama-boss", locale))
                            .size(11.0)
                            .bold()
                            .fill(palette::BAD),
                    );
                    ty += 13.0;
                }
                for l in wrap(&name, 12.0, ew - 12.0, if boss { 1 } else { 2 }) {
                    doc.push(Text::new(x + 6.0, ty, l).size(12.0).bold());
                    ty += 14.0;
                }
                doc.push(
                    Text::new(
                        x + 6.0,
                        ty + 1.0,
                        say(
                            Phrase::new("pic-nakama-enemy-threat").arg("threat", i64::from(threat)),
                            locale,
                        ),
                    )
                    .size(11.0)
                    .bold()
                    .fill(palette::BAD),
                );
                ty += 13.0;
                doc.push(
                    Text::new(
                        x + 6.0,
                        ty + 1.0,
                        fit(&berries(reward), 11.0, false, ew - 12.0),
                    )
                    .size(11.0)
                    .fill(palette::INK),
                );
                ty += 14.0;
                let mission = missions[s].as_deref().unwrap_or_default();
                for l in wrap(mission, 11.0, ew - 12.0, usize::MAX) {
                    doc.push(Text::new(x + 6.0, ty, l).size(11.0).fill(palette::MUTED));
                    ty += 12.5;
                }
                // The verdict: a symbol and a word as well as the border's colour.
                doc.push(Rect::new(x, y + eh - 18.0, ew, 18.0).radius(4.0).fill(edge));
                doc.push(
                    Text::new(
                        x + ew / 2.0,
                        y + eh - 9.0,
                        word(
                            if met {
                                "pic-nakama-met"
                            } else {
                                "pic-nakama-not-met"
                            },
                            locale,
                        ),
                    )
                    .size(11.0)
                    .bold()
                    .anchor(Anchor::Middle)
                    .fill(edge.text_on())
                    .centered_v(),
                );
            }
        }
    }
    y += eh + 10.0;

    // The five friend columns: earlier friends' edges, the current friend on top.
    let cw = (w - 2.0 * MARGIN - 4.0 * 5.0) / 5.0;
    let deepest = g
        .columns
        .iter()
        .map(|c| c.len().saturating_sub(1))
        .max()
        .unwrap_or(0);
    let top = y;
    for (c, col) in g.columns.iter().enumerate() {
        let x = MARGIN + c as f32 * (cw + 5.0);
        // Every former friend's edge shows its label: none is hidden.
        let former = &col[..col.len().saturating_sub(1)];
        let mut cy = top + (deepest - former.len()) as f32 * EDGE;
        for fr in former {
            let fill = saga(fr.colour);
            doc.push(
                Rect::new(x, cy, cw, EDGE + 6.0)
                    .radius(4.0)
                    .fill(fill)
                    .stroke(palette::INK, 1.0),
            );
            doc.push(
                Text::new(
                    x + 4.0,
                    cy + 11.5,
                    fit(&fr.label_said.text(locale), 11.0, false, cw - 8.0),
                )
                .size(11.0)
                .fill(fill.text_on()),
            );
            cy += EDGE;
        }
        match col.last() {
            Some(fr) => {
                let fill = saga(fr.colour);
                doc.push(
                    Rect::new(x, cy, cw, CARD_H)
                        .radius(5.0)
                        .fill(fill)
                        .stroke(palette::INK, 1.5),
                );
                doc.push(
                    Text::new(x + cw / 2.0, cy + 13.0, fr.colour.said().text(locale))
                        .size(11.0)
                        .bold()
                        .anchor(Anchor::Middle)
                        .fill(fill.text_on()),
                );
                doc.push(
                    Text::new(x + cw / 2.0, cy + 40.0, fr.power.to_string())
                        .size(26.0)
                        .bold()
                        .anchor(Anchor::Middle)
                        .fill(fill.text_on()),
                );
                if let Some(a) = &fr.ability_name {
                    doc.push(
                        Text::new(x + cw / 2.0, cy + 57.0, ability_label(a, cw - 6.0, locale))
                            .size(11.0)
                            .anchor(Anchor::Middle)
                            .fill(fill.text_on()),
                    );
                }
            }
            None => {
                doc.push(
                    Rect::new(x, cy, cw, CARD_H)
                        .radius(5.0)
                        .fill(palette::PAPER)
                        .stroke(palette::GRID, 1.5)
                        .dashed(4.0),
                );
            }
        }
        doc.push(
            Text::new(
                x + cw / 2.0,
                cy + CARD_H + 14.0,
                say(
                    Phrase::new("pic-nakama-column").arg("column", (c + 1) as i64),
                    locale,
                ),
            )
            .size(11.0)
            .anchor(Anchor::Middle)
            .fill(palette::MUTED),
        );
    }
    y = top + deepest as f32 * EDGE + CARD_H + 24.0;

    // Counts, the defeated by name, and the rank the rewards give so far (as the text board).
    let friends = g.defeated_friends_said.iter().cloned();
    for l in [
        Phrase::new("pic-nakama-defeated-friends")
            .arg("count", g.defeated_friends.len() as i64)
            .arg("limit", DEFEAT_AT as i64)
            .arg("names", list(friends.collect())),
        Phrase::new("pic-nakama-defeated-enemies")
            .arg("count", g.defeated_enemies_said.len() as i64)
            .arg("names", list(g.defeated_enemies_said.clone())),
        g.rewards_said.clone(),
        Phrase::new("pic-nakama-decks")
            .arg("friends", g.friend_deck as i64)
            .arg("enemies", g.enemy_deck as i64),
    ] {
        let l = say(l, locale);
        doc.push(Text::new(MARGIN, y + 13.0, fit(&l, 13.0, false, w - 2.0 * MARGIN)).size(13.0));
        y += 18.0;
    }
    y += 4.0;

    // The crew, the active player first-marked.
    for p in &g.players {
        let active = p.active;
        if active {
            doc.push(
                Rect::new(MARGIN - 4.0, y, w - 2.0 * MARGIN + 8.0, 20.0)
                    .radius(4.0)
                    .fill(palette::HIGHLIGHT),
            );
        }
        let yes = |b: bool| if b { "yes" } else { "no" };
        let text = say(
            Phrase::new("pic-nakama-crew")
                .arg("active", yes(active))
                .arg("name", p.name.as_str())
                .arg("you", yes(p.you))
                .arg("character", p.character_said.clone())
                .arg(
                    "token",
                    Phrase::new("nakama-token").arg("up", yes(p.powered)),
                )
                .arg("cards", p.cards as i64),
            locale,
        );
        let mut t =
            Text::new(MARGIN, y + 14.5, fit(&text, 13.0, active, w - 2.0 * MARGIN)).size(13.0);
        if active {
            t = t.bold();
        }
        doc.push(t);
        y += 21.0;
    }

    // The viewer's own hand, only theirs, only when asked for by them.
    if let Some(hand) = &g.hand {
        y += 6.0;
        doc.push(
            Text::new(MARGIN, y + 14.0, word("pic-nakama-hand", locale))
                .size(14.0)
                .bold(),
        );
        y += 20.0;
        let hw = (w - 2.0 * MARGIN - 5.0 * 5.0) / 6.0;
        for (k, fr) in hand.iter().enumerate() {
            let fill = saga(fr.colour);
            let x = MARGIN + (k % 6) as f32 * (hw + 5.0);
            let hy = y + (k / 6) as f32 * 60.0;
            doc.push(
                Rect::new(x, hy, hw, 54.0)
                    .radius(5.0)
                    .fill(fill)
                    .stroke(palette::INK, 1.5),
            );
            doc.push(
                Text::new(x + hw / 2.0, hy + 13.0, fr.colour.said().text(locale))
                    .size(11.0)
                    .bold()
                    .anchor(Anchor::Middle)
                    .fill(fill.text_on()),
            );
            doc.push(
                Text::new(x + hw / 2.0, hy + 36.0, fr.power.to_string())
                    .size(20.0)
                    .bold()
                    .anchor(Anchor::Middle)
                    .fill(fill.text_on()),
            );
            if let Some(a) = &fr.ability_name {
                doc.push(
                    Text::new(x + hw / 2.0, hy + 50.0, ability_label(a, hw - 6.0, locale))
                        .size(11.0)
                        .anchor(Anchor::Middle)
                        .fill(fill.text_on()),
                );
            }
        }
        let rows = hand.len().div_ceil(6).max(1);
        if hand.is_empty() {
            doc.push(
                Text::new(MARGIN, y + 14.0, word("nakama-empty", locale))
                    .size(13.0)
                    .fill(palette::MUTED),
            );
        }
        y += rows as f32 * 60.0;
    }

    doc.push(
        Text::new(MARGIN, y + 12.0, word("pic-nakama-legend", locale))
            .size(11.0)
            .fill(palette::MUTED),
    );
    y += 16.0;
    doc.set_height((y + MARGIN).ceil());
    doc
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::NakamaData;
    use crate::state::{Nakama, Player};
    use croupier_core::table::{UserId, Viewer};

    fn view(g: &Nakama, viewer: Option<&str>, d: &NakamaData) -> NakamaView {
        let v = viewer.map_or_else(Viewer::public, |u| Viewer::user(&UserId::new(u)));
        crate::view::view_model(g, d, &v).unwrap()
    }

    fn draw(g: &Nakama, viewer: Option<&str>, d: &NakamaData) -> Doc {
        board(&view(g, viewer, d), Locale::En)
    }

    fn data() -> NakamaData {
        crate::data::load(&croupier_core::source_path("data")).expect("nakama data")
    }

    fn game(d: &NakamaData) -> Nakama {
        let mut g = Nakama::empty();
        for (i, n) in ["alice", "bob"].iter().enumerate() {
            g.players.push(Player {
                user: UserId(format!("u{i}")),
                name: n.to_string(),
                character: i,
                hand: vec![],
                powered: true,
            });
        }
        g.setup(1, &mut croupier_core::rng::seeded(3), d);
        g
    }

    #[test]
    fn the_public_board_never_draws_a_hand() {
        let d = data();
        let g = game(&d);
        let doc = draw(&g, None, &d);
        assert!(!doc.texts().iter().any(|t| t.starts_with("Your hand")));
        let doc = draw(&g, Some("stranger"), &d);
        assert!(!doc.texts().iter().any(|t| t.starts_with("Your hand")));
        let doc = draw(&g, Some("u1"), &d);
        assert!(doc.texts().contains(&"Your hand (only you see this)"));
    }

    #[test]
    fn every_card_names_its_saga_and_each_enemy_its_verdict() {
        let d = data();
        let g = game(&d);
        let doc = draw(&g, None, &d);
        let texts = doc.texts();
        let verdicts = texts
            .iter()
            .filter(|t| **t == "✓ mission met" || **t == "✗ not met")
            .count();
        assert_eq!(verdicts, 3, "{texts:?}");
        for col in &g.columns {
            let f = &d.friends[*col.last().unwrap()];
            assert!(texts.contains(&f.colour.name()), "{texts:?}");
        }
        assert!(texts.iter().any(|t| t.starts_with("Decks: friends")));
    }

    #[test]
    fn the_board_writes_every_mission_in_full_and_every_former_friend() {
        // The rulebook's mission "The total power of the current friends must be 25" and
        // longer ones are the rule to meet: none may be cut off with "…".
        let d = data();
        let mut g = game(&d);
        use crate::state::Foe;
        let foes: Vec<Foe> = (0..d.enemies.len())
            .map(Foe::Enemy)
            .chain((0..d.bosses.len()).map(Foe::Boss))
            .collect();
        for three in foes.chunks(3) {
            for (s, f) in g.spaces.iter_mut().zip(three) {
                *s = Some(*f);
            }
            let doc = draw(&g, None, &d);
            let texts = doc.texts();
            for f in three {
                let words: Vec<&str> = texts.iter().flat_map(|t| t.split_whitespace()).collect();
                for w in f.mission(&d).sentence().split_whitespace() {
                    assert!(
                        words.contains(&w),
                        "{w} of {} missing: {texts:?}",
                        f.name(&d)
                    );
                }
            }
            assert!(!texts.iter().any(|t| t.contains('…')), "{texts:?}");
        }
        // Ten friends recruited onto column 1: all nine former ones show their label.
        let extra: Vec<usize> = g.friend_deck.drain(..9).collect();
        g.columns[0].splice(0..0, extra.iter().copied());
        let texts: Vec<String> = draw(&g, None, &d)
            .texts()
            .iter()
            .map(|t| t.to_string())
            .collect();
        for f in &extra {
            assert!(texts.contains(&d.friends[*f].label()), "{texts:?}");
        }
    }

    #[test]
    fn a_current_friend_names_its_ability() {
        let d = data();
        let mut g = game(&d);
        let die = (0..d.friends.len())
            .find(|&f| matches!(d.friends[f].ability, Some(crate::data::Ability::Die { .. })))
            .unwrap();
        g.friend_deck.retain(|&f| f != die);
        for p in &mut g.players {
            p.hand.retain(|&f| f != die);
        }
        g.columns[2].push(die);
        let doc = draw(&g, None, &d);
        assert!(doc.texts().contains(&"★ Die"), "{:?}", doc.texts());
        // The text board names the ability without repeating its die table.
        let text = crate::view::board(&g, &d).plain_text();
        assert!(text.contains(&d.friends[die].short()), "{text}");
        assert!(!text.contains("Die: 1"), "{text}");
    }

    #[test]
    fn a_state_naming_unknown_cards_is_an_error() {
        let d = data();
        let mut g = game(&d);
        g.columns[0].push(99_999);
        let v = serde_json::to_value(&g).unwrap();
        let game = croupier_core::table::Loaded::<Nakama>::new(d);
        let state = croupier_core::table::DynGame::load_value(&game, &v).unwrap();
        let r = croupier_core::table::DynGame::picture(
            &game,
            &state,
            &Viewer::public(),
            croupier_core::i18n::Locale::En,
        );
        assert!(matches!(
            r,
            Some(Err(croupier_core::table::DynError::Corrupt(_)))
        ));
    }
}
