//! The crate's words as catalogue values (`locales/*/nightwizard.ftl`): a refusal in typed
//! words, lists joined in the reader's language, and the attribute and combat-stat labels.

use croupier_core::table::{Phrase, Refusal, RuleError, Value};

/// A refusal by the rules in the catalogue's words.
pub(crate) use croupier_core::table::refuse_said as no;

/// A refusal by the rules in the catalogue's words, as an error value.
pub(crate) fn refusal(phrase: Phrase) -> RuleError {
    RuleError::said(Refusal::Rules, phrase)
}

/// `items` joined by the catalogue's `sep` (`nw-join-comma`: `a, b`; `nw-join-dot`: `a · b`;
/// `nw-join-slash`: `a / b`), in the reader's language; `none` when there are none.
pub(crate) fn join(sep: &str, items: Vec<Value>, none: Value) -> Value {
    let mut it = items.into_iter();
    let Some(first) = it.next() else {
        return none;
    };
    it.fold(first, |a, b| {
        Value::from(Phrase::new(sep).arg("a", a).arg("b", b))
    })
}

/// `items` joined by `sep`, nothing for none.
pub(crate) fn joined(sep: &str, items: Vec<Value>) -> Value {
    join(sep, items, Value::from(""))
}

/// The label of an attribute (`strength`, …: `data::ATTRS`), full (`Strength`).
pub(crate) fn attr(i: usize) -> Value {
    Value::from(
        Phrase::new("nw-attr").arg("attr", super::data::ATTRS.get(i).copied().unwrap_or("?")),
    )
}

/// The short label of an attribute (`Str`, …: `data::ATTR_SHORT`).
pub(crate) fn attr_short(i: usize) -> Value {
    Value::from(
        Phrase::new("nw-attr-short").arg("attr", super::data::ATTRS.get(i).copied().unwrap_or("?")),
    )
}

/// The label of a combat stat (`pacc`, …: `data::STATS`), short (`PACC`).
pub(crate) fn stat(i: usize) -> Value {
    Value::from(
        Phrase::new("nw-stat").arg("stat", super::data::STATS.get(i).copied().unwrap_or("?")),
    )
}

/// A label and its value (`Str 8`, `PACC 11`, `PACC +1`).
pub(crate) fn labelled(label: Value, value: impl Into<Value>) -> Value {
    Value::from(
        Phrase::new("nw-labelled")
            .arg("label", label)
            .arg("value", value),
    )
}

/// A word of the data's fixed vocabulary (a skill's Timing, Check or Cost), under `key`
/// (`nw-timing`, …): the catalogue's word for the ones it knows, the data's text otherwise.
pub(crate) fn data_word(key: &str, text: &str) -> Value {
    let id: String = text
        .trim()
        .to_ascii_lowercase()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    // A Cost of `MP 3` or `Prana 1`: its kind and its amount.
    if let Some((kind, n)) = text.trim().split_once(' ') {
        if let Ok(n) = n.trim().parse::<i64>() {
            if key == "nw-cost" {
                return Value::from(
                    Phrase::new("nw-cost-amount")
                        .arg("kind", kind.to_ascii_lowercase())
                        .arg("text", kind)
                        .arg("amount", n),
                );
            }
        }
    }
    Value::from(Phrase::new(key).arg("id", id).arg("text", text))
}
