//! The way back between two states given as JSON text: an RFC 6902 patch from `after` to
//! `before`, its replaced and removed values guarded by `test` operations, worked out from the
//! texts themselves. Two equal texts are one value, so a part whose text is the same in both is
//! skipped unread; only the parts whose text differs are split further, and only the values
//! the patch carries are parsed. An action that changes one field of a large state costs a scan
//! of the two texts, not two conversions of the whole state into `serde_json::Value`s and a
//! walk of both trees (what `json_patch::diff` needs).
//!
//! The texts are the serializer's own output (`serde_json::to_string`), but any valid JSON is
//! read: whitespace between tokens is skipped and strings may hold any escape. A text that is
//! not JSON is an error, never a wrong patch.

use std::collections::HashMap;

use json_patch::jsonptr::PointerBuf;
use json_patch::{
    AddOperation, Patch, PatchOperation, RemoveOperation, ReplaceOperation, TestOperation,
};

/// The patch that turns the value `after` into `before` (both JSON texts), its changes guarded
/// by `test` operations of the values `after` holds there (all tests come first).
pub fn way_back(after: &str, before: &str) -> Result<Patch, serde_json::Error> {
    let mut tests = Vec::new();
    let mut ops = Vec::new();
    diff(
        after.trim(),
        before.trim(),
        &mut PointerBuf::new(),
        &mut tests,
        &mut ops,
    )?;
    tests.extend(ops);
    Ok(Patch(tests))
}

fn diff(
    after: &str,
    before: &str,
    path: &mut PointerBuf,
    tests: &mut Vec<PatchOperation>,
    ops: &mut Vec<PatchOperation>,
) -> Result<(), serde_json::Error> {
    if after == before {
        return Ok(());
    }
    let test = |path: &PointerBuf, text: &str| -> Result<PatchOperation, serde_json::Error> {
        Ok(PatchOperation::Test(TestOperation {
            path: path.clone(),
            value: serde_json::from_str(text)?,
        }))
    };
    match (parts(after)?, parts(before)?) {
        (Parts::Object(a), Parts::Object(b)) => {
            let in_after: HashMap<&str, &str> = a.iter().map(|(k, v)| (k.as_str(), *v)).collect();
            let in_before: HashMap<&str, &str> = b.iter().map(|(k, v)| (k.as_str(), *v)).collect();
            for (k, av) in &a {
                path.push_back(k.as_str());
                match in_before.get(k.as_str()) {
                    Some(bv) => diff(av, bv, path, tests, ops)?,
                    None => {
                        tests.push(test(path, av)?);
                        ops.push(PatchOperation::Remove(RemoveOperation {
                            path: path.clone(),
                        }));
                    }
                }
                path.pop_back();
            }
            for (k, bv) in b.iter().filter(|(k, _)| !in_after.contains_key(k.as_str())) {
                path.push_back(k.as_str());
                ops.push(PatchOperation::Add(AddOperation {
                    path: path.clone(),
                    value: serde_json::from_str(bv)?,
                }));
                path.pop_back();
            }
        }
        (Parts::Array(a), Parts::Array(b)) => {
            for (i, (av, bv)) in a.iter().zip(&b).enumerate() {
                path.push_back(i);
                diff(av, bv, path, tests, ops)?;
                path.pop_back();
            }
            // Surplus elements go from the last, so each index is still where the test saw it.
            for i in (b.len()..a.len()).rev() {
                path.push_back(i);
                tests.push(test(path, a[i])?);
                ops.push(PatchOperation::Remove(RemoveOperation {
                    path: path.clone(),
                }));
                path.pop_back();
            }
            for (i, bv) in b.iter().enumerate().skip(a.len()) {
                path.push_back(i);
                ops.push(PatchOperation::Add(AddOperation {
                    path: path.clone(),
                    value: serde_json::from_str(bv)?,
                }));
                path.pop_back();
            }
        }
        _ => {
            tests.push(test(path, after)?);
            ops.push(PatchOperation::Replace(ReplaceOperation {
                path: path.clone(),
                value: serde_json::from_str(before)?,
            }));
        }
    }
    Ok(())
}

/// A JSON value's text, split one level: an object's members (keys unescaped) or an array's
/// elements, each as its own text; anything else whole.
enum Parts<'a> {
    Object(Vec<(String, &'a str)>),
    Array(Vec<&'a str>),
    Scalar,
}

fn malformed(what: &str) -> serde_json::Error {
    serde::de::Error::custom(format!("a state's JSON text is malformed: {what}"))
}

fn parts(text: &str) -> Result<Parts<'_>, serde_json::Error> {
    let b = text.as_bytes();
    let (open, close) = match b.first() {
        Some(b'{') => (b'{', b'}'),
        Some(b'[') => (b'[', b']'),
        _ => return Ok(Parts::Scalar),
    };
    let mut members = Vec::new();
    let mut elements = Vec::new();
    let mut i = skip_ws(b, 1);
    if b.get(i) == Some(&close) {
        return Ok(if open == b'{' {
            Parts::Object(members)
        } else {
            Parts::Array(elements)
        });
    }
    loop {
        if open == b'{' {
            let key_end = value_end(b, i)?;
            if b[i] != b'"' {
                return Err(malformed("an object key is not a string"));
            }
            let key: String = serde_json::from_str(&text[i..key_end])?;
            i = skip_ws(b, key_end);
            if b.get(i) != Some(&b':') {
                return Err(malformed("a key without a colon"));
            }
            i = skip_ws(b, i + 1);
            let end = value_end(b, i)?;
            members.push((key, &text[i..end]));
            i = end;
        } else {
            let end = value_end(b, i)?;
            elements.push(&text[i..end]);
            i = end;
        }
        i = skip_ws(b, i);
        match b.get(i) {
            Some(b',') => i = skip_ws(b, i + 1),
            Some(c) if *c == close => break,
            _ => return Err(malformed("a missing comma")),
        }
    }
    Ok(if open == b'{' {
        Parts::Object(members)
    } else {
        Parts::Array(elements)
    })
}

fn skip_ws(b: &[u8], mut i: usize) -> usize {
    while matches!(b.get(i), Some(b' ' | b'\n' | b'\r' | b'\t')) {
        i += 1;
    }
    i
}

/// Where the value that starts at `i` ends (one past its last byte).
fn value_end(b: &[u8], i: usize) -> Result<usize, serde_json::Error> {
    match b.get(i) {
        Some(b'"') => string_end(b, i),
        Some(b'{' | b'[') => {
            let mut depth = 0usize;
            let mut j = i;
            while let Some(&c) = b.get(j) {
                match c {
                    b'"' => {
                        j = string_end(b, j)?;
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth -= 1;
                        if depth == 0 {
                            return Ok(j + 1);
                        }
                    }
                    _ => {}
                }
                j += 1;
            }
            Err(malformed("an unclosed object or array"))
        }
        Some(_) => {
            let mut j = i;
            while !matches!(
                b.get(j),
                None | Some(b',' | b'}' | b']' | b' ' | b'\n' | b'\r' | b'\t')
            ) {
                j += 1;
            }
            Ok(j)
        }
        None => Err(malformed("a missing value")),
    }
}

/// Where the string that starts (with its quote) at `i` ends.
fn string_end(b: &[u8], i: usize) -> Result<usize, serde_json::Error> {
    let mut j = i + 1;
    while let Some(&c) = b.get(j) {
        match c {
            b'\\' => j += 2,
            b'"' => return Ok(j + 1),
            _ => j += 1,
        }
    }
    Err(malformed("an unclosed string"))
}

#[cfg(test)]
mod tests {
    use super::way_back;
    use rand::{Rng, SeedableRng};
    use serde_json::{json, Value};

    /// Checks the way back from `after` to `before`: it applies to `after` (its tests pass)
    /// and gives `before`.
    fn check(after: &Value, before: &Value) {
        let texts = [
            (after.to_string(), before.to_string()),
            (
                serde_json::to_string_pretty(after).unwrap(),
                serde_json::to_string_pretty(before).unwrap(),
            ),
        ];
        for (a, b) in texts {
            let patch = way_back(&a, &b).unwrap();
            let mut v = after.clone();
            json_patch::patch(&mut v, &patch)
                .unwrap_or_else(|e| panic!("{e}: {after} → {before} by {patch:?}"));
            assert_eq!(&v, before, "{after} → {before} by {patch:?}");
        }
    }

    #[test]
    fn the_way_back_of_each_kind_of_change() {
        check(&json!({"a": 1}), &json!({"a": 1}));
        check(&json!({"a": 1, "b": [1, 2]}), &json!({"a": 2, "b": [1, 2]}));
        check(&json!({"a": [1, 2, 3]}), &json!({"a": [1]}));
        check(&json!({"a": [1]}), &json!({"a": [1, {"x": "]}"}, 3]}));
        check(
            &json!({"a/b~c": {"\"q\\": 1}}),
            &json!({"a/b~c": {"\"q\\": 2}}),
        );
        check(
            &json!({"a": null, "gone": true}),
            &json!({"a": {"b": []}, "new": "x"}),
        );
        check(
            &json!([1, "two", {"t": "é\u{1}"}]),
            &json!({"now": "an object"}),
        );
        check(&json!("text, with } and ]"), &json!(-1.5e3));
        check(&json!({}), &json!({"a": {}}));
    }

    /// A random JSON value, small enough to change often in the same places.
    fn value(rng: &mut impl Rng, depth: u32) -> Value {
        match rng.random_range(0..if depth == 0 { 4 } else { 7 }) {
            0 => Value::Null,
            1 => json!(rng.random_range(-3..3)),
            2 => json!(["a", "b\"", "c/~", "}"][rng.random_range(0..4)]),
            3 => json!(rng.random_bool(0.5)),
            4 | 5 => Value::Object(
                (0..rng.random_range(0..4))
                    .map(|_| {
                        let k = ["k", "l", "m/n", "o~"][rng.random_range(0..4)];
                        (k.to_string(), value(rng, depth - 1))
                    })
                    .collect(),
            ),
            _ => Value::Array(
                (0..rng.random_range(0..4))
                    .map(|_| value(rng, depth - 1))
                    .collect(),
            ),
        }
    }

    /// `v` with one part changed at random.
    fn mutate(rng: &mut impl Rng, v: &mut Value) {
        match v {
            Value::Object(m) if !m.is_empty() && rng.random_bool(0.7) => {
                let k = m.keys().nth(rng.random_range(0..m.len())).unwrap().clone();
                match rng.random_range(0..3) {
                    0 => {
                        m.remove(&k);
                    }
                    _ => mutate(rng, m.get_mut(&k).unwrap()),
                }
            }
            Value::Array(a) if !a.is_empty() && rng.random_bool(0.7) => {
                let i = rng.random_range(0..a.len());
                match rng.random_range(0..4) {
                    0 => {
                        a.remove(i);
                    }
                    1 => a.push(value(rng, 2)),
                    _ => mutate(rng, &mut a[i]),
                }
            }
            _ => *v = value(rng, 2),
        }
    }

    #[test]
    fn random_changes_go_back() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(35);
        for _ in 0..3000 {
            let after = value(&mut rng, 4);
            let mut before = after.clone();
            for _ in 0..rng.random_range(1..4) {
                mutate(&mut rng, &mut before);
            }
            check(&after, &before);
        }
    }

    #[test]
    fn a_text_that_is_not_json_is_an_error() {
        for (a, b) in [
            (r#"{"a":1}"#, r#"{"a":[1,2}"#),
            (r#"{"a":1}"#, r#"{"a" 2}"#),
            (r#"{"a":1}"#, r#"{"a":"x}"#),
            (r#"{"a":1}"#, r#"{"a":"x\"}"#),
            (r#"{"a":1}"#, r#"{"a":"x\"#),
            (r#"{"a":1}"#, r#"{"a":2 "b":3}"#),
            (r#"{"a":1}"#, r#"{"a":tru}"#),
        ] {
            assert!(way_back(a, b).is_err(), "{b}");
        }
    }
}
