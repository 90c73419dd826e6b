//! Nobi Nobi Sword's picture: the table — every player with their character card (name,
//! profession, Power and Technique with the cards' bonuses) and the Light and Darkness
//! cards laid out in front of it, the GM and the Main Character marked, and what the table
//! is waiting for. Gained cards lie face up on the table, so every viewer sees the same
//! picture (the viewer's own seat is marked "you"). Its words are the catalogue's in the
//! reader's language (`locales/*/pictures-games.ftl`, `pic-nobi-…`), the characters' and
//! cards' names the data's in that language.

use super::data::Skill;
use super::state::{GM_TURNS, SOLO_SCENES};
use super::view::{CardView, NobiView};
use croupier_core::i18n::Locale;
use croupier_core::render::palette::{self, Color};
use croupier_core::render::svg::{fit, Anchor, Doc, Rect, Text, PHONE_WIDTH};
use croupier_core::table::Phrase;

const MARGIN: f32 = 10.0;
/// Light cards: yellow with ink text; Darkness cards: blue with paper text — and each row
/// is labelled "Light" or "Darkness", so the colour is never the only cue.
const LIGHT: Color = palette::YELLOW;
const DARK: Color = palette::BLUE;

/// The message `key` (no values) in `locale`.
fn word(key: &str, locale: Locale) -> String {
    Phrase::new(key).text(locale)
}

/// A card's label in `locale`: its name and skill bonus (`Lantern P+1`).
fn card_label(card: &CardView, locale: Locale) -> String {
    match card.bonus {
        Some((skill, v)) => Phrase::new("pic-nobi-card")
            .arg("name", card.name.clone())
            .arg(
                "skill",
                match skill {
                    Skill::Power => "power",
                    Skill::Technique => "technique",
                },
            )
            .arg("bonus", format!("{v:+}"))
            .text(locale),
        None => card.name.text(locale),
    }
}

/// Lays out the table, its words in `locale`.
pub fn table(t: &NobiView, locale: Locale) -> Doc {
    let w = PHONE_WIDTH;
    let mut doc = Doc::new(w, 100.0);
    let mut y = MARGIN;
    doc.push(
        Text::new(MARGIN, y + 18.0, word("pic-nobi-title", locale))
            .size(18.0)
            .bold(),
    );
    let scenes = Phrase::new("pic-nobi-scenes").arg("count", i64::from(t.scenes_played));
    doc.push(
        Text::new(w - MARGIN, y + 18.0, scenes.text(locale))
            .size(15.0)
            .bold()
            .anchor(Anchor::End)
            .fill(palette::INFO),
    );
    y += 26.0;
    doc.push(
        Text::new(
            MARGIN,
            y + 13.0,
            fit(
                &Phrase::new("pic-nobi-pending")
                    .arg("pending", t.pending.clone())
                    .text(locale),
                13.0,
                true,
                w - 2.0 * MARGIN,
            ),
        )
        .size(13.0)
        .bold(),
    );
    y += 18.0;
    doc.push(
        Text::new(MARGIN, y + 12.0, t.mode.text(locale))
            .size(12.0)
            .fill(palette::MUTED),
    );
    y += 20.0;

    for seat in &t.seats {
        let top = y;
        let (is_gm, is_mc, tester) = (seat.gm, seat.main, seat.tester);
        // Role badges: words on a coloured tab.
        let mut x = MARGIN + 4.0;
        for (on, key, fill) in [
            (is_gm, "pic-nobi-gm", palette::GM),
            (is_mc, "pic-nobi-main", palette::ATTENTION),
            (tester, "pic-nobi-tester", palette::ATTENTION),
        ] {
            if on {
                let bw = if key == "pic-nobi-gm" { 30.0 } else { 44.0 };
                let label = word(key, locale);
                doc.push(Rect::new(x, y + 4.0, bw, 18.0).radius(4.0).fill(fill));
                doc.push(
                    Text::new(x + bw / 2.0, y + 13.0, label)
                        .size(11.0)
                        .bold()
                        .anchor(Anchor::Middle)
                        .fill(fill.text_on())
                        .centered_v(),
                );
                x += bw + 5.0;
            }
        }
        let name = if seat.you {
            Phrase::new("pic-nobi-you")
                .arg("name", seat.name.as_str())
                .text(locale)
        } else {
            seat.name.clone()
        };
        doc.push(
            Text::new(x + 2.0, y + 18.0, fit(&name, 15.0, true, w - x - 130.0))
                .size(15.0)
                .bold(),
        );
        doc.push(
            Text::new(
                w - MARGIN - 4.0,
                y + 18.0,
                if t.solo {
                    // Solo play counts Scenes, not GM turns (NOBI-48: the Epilogue after 5).
                    Phrase::new("pic-nobi-solo-count")
                        .arg("scene", i64::from(t.scenes_played.min(SOLO_SCENES)))
                        .arg("scenes", i64::from(SOLO_SCENES))
                } else {
                    Phrase::new("pic-nobi-gm-count")
                        .arg("count", i64::from(seat.gm_count))
                        .arg("turns", i64::from(GM_TURNS))
                }
                .arg("won", i64::from(seat.successes))
                .arg("lost", i64::from(seat.failures))
                .text(locale),
            )
            .size(12.0)
            .anchor(Anchor::End)
            .fill(palette::MUTED),
        );
        y += 28.0;

        for c in &seat.chars {
            let name = c.name.text(locale);
            let role = Phrase::new("pic-nobi-profession")
                .arg("part", if c.part.is_empty() { "none" } else { c.part })
                .arg("profession", c.profession.clone())
                .text(locale);
            // The character card.
            doc.push(
                Rect::new(MARGIN + 4.0, y, w - 2.0 * MARGIN - 8.0, 40.0)
                    .radius(5.0)
                    .fill(palette::PAPER)
                    .stroke(palette::INK, 1.5),
            );
            doc.push(
                Text::new(MARGIN + 12.0, y + 16.0, fit(&name, 14.0, true, 220.0))
                    .size(14.0)
                    .bold(),
            );
            doc.push(
                Text::new(MARGIN + 12.0, y + 32.0, fit(&role, 11.0, false, 220.0))
                    .size(11.0)
                    .fill(palette::MUTED),
            );
            for (j, (skill, value)) in [(Skill::Power, c.power), (Skill::Technique, c.technique)]
                .into_iter()
                .enumerate()
            {
                let sx = w - MARGIN - 12.0;
                let line = Phrase::new("pic-nobi-skill")
                    .arg("skill", skill.said())
                    .arg("value", value)
                    .text(locale);
                doc.push(
                    Text::new(sx, y + 16.0 + j as f32 * 16.0, line)
                        .size(12.0)
                        .bold()
                        .anchor(Anchor::End),
                );
            }
            y += 44.0;
            // The cards in front of it.
            for (key, ids, fill) in [
                ("pic-nobi-light", &c.light, LIGHT),
                ("pic-nobi-darkness", &c.darkness, DARK),
            ] {
                if ids.is_empty() {
                    continue;
                }
                doc.push(
                    Text::new(MARGIN + 8.0, y + 13.0, word(key, locale))
                        .size(11.0)
                        .bold()
                        .fill(palette::MUTED),
                );
                let left = MARGIN + 74.0;
                let cw = (w - MARGIN - 4.0 - left - 4.0) / 2.0;
                let per = ((w - MARGIN - left) / (cw + 4.0)).floor().max(1.0) as usize;
                for (n, card) in ids.iter().enumerate() {
                    let cx = left + (n % per) as f32 * (cw + 4.0);
                    let cy = y + (n / per) as f32 * 22.0;
                    doc.push(Rect::new(cx, cy + 1.0, cw, 19.0).radius(4.0).fill(fill));
                    doc.push(
                        Text::new(
                            cx + 5.0,
                            cy + 10.5,
                            fit(&card_label(card, locale), 11.0, false, cw - 8.0),
                        )
                        .size(11.0)
                        .fill(fill.text_on())
                        .centered_v(),
                    );
                }
                y += ids.len().div_ceil(per) as f32 * 22.0 + 2.0;
            }
            y += 4.0;
        }
        if is_gm || is_mc || tester {
            doc.push(
                Rect::new(MARGIN - 4.0, top, 4.0, y - top - 4.0)
                    .radius(2.0)
                    .fill(if !is_gm {
                        palette::ATTENTION
                    } else {
                        palette::GM
                    }),
            );
        }
        y += 8.0;
    }
    if t.seats.is_empty() {
        doc.push(
            Text::new(MARGIN, y + 14.0, word("pic-nobi-nobody", locale))
                .size(14.0)
                .fill(palette::MUTED),
        );
        y += 20.0;
    }
    doc.push(
        Text::new(MARGIN, y + 12.0, word("pic-nobi-legend", locale))
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
    use crate::data::NobiData;
    use crate::Nobi;
    use croupier_core::table::{UserId, Viewer};
    use serde::Deserialize;
    use serde_json::Value;

    fn picture(state: &Value, viewer: Option<&str>, d: &NobiData) -> Result<Doc, String> {
        let t = Nobi::deserialize(state).map_err(|e| e.to_string())?;
        let v = viewer.map_or_else(Viewer::public, |u| Viewer::user(&UserId::new(u)));
        Ok(table(&crate::view::view_model(&t, d, &v), Locale::En))
    }

    fn table_json(d: &NobiData) -> Value {
        serde_json::json!({
            "host": "u0", "mode": "TwoPlayer", "step": "Scene", "gm": 0, "mc": 1,
            "scenes_played": 2,
            "seats": [
                {"user": "u0", "name": "alice", "gm_count": 1, "successes": 0, "failures": 0,
                 "chars": [{"character": d.characters[0].id, "light": [d.light[0].id],
                            "darkness": [d.darkness[0].id]}]},
                {"user": "u1", "name": "bob", "gm_count": 0, "successes": 1, "failures": 0,
                 "chars": [{"character": d.characters[1].id, "light": [], "darkness": []}]}
            ],
            "decks": {"scenes": [], "scene_discard": [], "light": [], "darkness": [],
                      "intros": [], "epilogues": [], "epilogue_discard": []},
            "intro": null, "story": [], "remind_after": 24, "waiting_since": 0,
            "reminded_at": null, "last_rolled": null, "final_result": null,
            "limit_per_player": false
        })
    }

    #[test]
    fn roles_and_card_rows_are_labelled_not_only_coloured() {
        let d = crate::data::load(&croupier_core::source_path("data")).expect("nobi data");
        let doc = picture(&table_json(&d), Some("u1"), &d).unwrap_or_else(|e| panic!("{e}"));
        let texts = doc.texts();
        for want in ["GM", "MAIN", "Light", "Darkness", "bob (you)", "alice"] {
            assert!(texts.contains(&want), "{want} missing from {texts:?}");
        }
        assert!(
            texts
                .iter()
                .any(|t| t.starts_with(&d.darkness[0].name[..3])),
            "{texts:?}"
        );
        // bob has no cards: only one Light row and one Darkness row on the table.
        assert_eq!(texts.iter().filter(|t| **t == "Light").count(), 1);
    }

    #[test]
    fn the_epilogue_marks_the_tester_not_a_gm_and_solo_counts_scenes() {
        let d = crate::data::load(&croupier_core::source_path("data")).expect("nobi data");
        let mut t = table_json(&d);
        t["step"] =
            serde_json::json!({"Epilogue": {"card": d.epilogues[0].id, "tester": 1, "uses": []}});
        let doc = picture(&t, None, &d).unwrap_or_else(|e| panic!("{e}"));
        let texts = doc.texts();
        assert!(texts.contains(&"TEST"), "{texts:?}");
        assert!(
            !texts.contains(&"GM") && !texts.contains(&"MAIN"),
            "{texts:?}"
        );
        t["step"] = serde_json::json!("Over");
        let doc = picture(&t, None, &d).unwrap_or_else(|e| panic!("{e}"));
        let texts = doc.texts();
        assert!(
            !texts.contains(&"GM") && !texts.contains(&"TEST"),
            "{texts:?}"
        );
        // Solo: one seat, five Scenes, no GM turns to count.
        t["mode"] = serde_json::json!("Solo");
        t["scenes_played"] = serde_json::json!(5);
        t["seats"] = serde_json::json!([t["seats"][0].clone()]);
        t["step"] =
            serde_json::json!({"Epilogue": {"card": d.epilogues[0].id, "tester": 0, "uses": []}});
        let doc = picture(&t, None, &d).unwrap_or_else(|e| panic!("{e}"));
        let texts = doc.texts();
        assert!(
            texts.iter().any(|x| x.starts_with("Scene 5/5")),
            "{texts:?}"
        );
        assert!(!texts.iter().any(|x| x.starts_with("GM ")), "{texts:?}");
        assert!(
            !texts.contains(&"TEST"),
            "solo writes its ending: {texts:?}"
        );
    }
}
