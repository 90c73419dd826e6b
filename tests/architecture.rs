//! The layering ARCHITECTURE.md states, checked on the source: the table names no game, no
//! picture and no front end, and the table's own modules import one another in one direction.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The names `src/table/mod.rs` re-exports, mapped to the module that defines them.
fn reexports(mod_rs: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let flat = mod_rs.replace('\n', " ");
    for part in flat.split("pub use ").skip(1) {
        let stmt = part.split(';').next().unwrap_or("");
        let Some((module, rest)) = stmt.split_once("::") else {
            continue;
        };
        let names = rest.trim().trim_start_matches('{').trim_end_matches('}');
        for n in names.split(',') {
            let n = n.trim();
            if !n.is_empty() {
                out.insert(n.to_string(), module.trim().to_string());
            }
        }
    }
    out
}

/// Which sibling modules a table module's code refers to (`super::x`, `crate::table::x`, or a
/// re-exported name).
fn table_deps(
    src: &str,
    modules: &BTreeSet<String>,
    re: &BTreeMap<String, String>,
) -> BTreeSet<String> {
    let code: String = src
        .lines()
        .take_while(|l| !l.starts_with("#[cfg(test)]"))
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    let mut deps = BTreeSet::new();
    for prefix in ["super::", "crate::table::"] {
        for (i, _) in code.match_indices(prefix) {
            let rest = &code[i + prefix.len()..];
            let names: Vec<String> = if let Some(group) = rest.strip_prefix('{') {
                let body = group.split('}').next().unwrap_or("");
                body.split(',')
                    .map(|n| n.trim().split("::").next().unwrap_or("").trim().to_string())
                    .collect()
            } else {
                let word: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                vec![word]
            };
            for n in names {
                if modules.contains(&n) {
                    deps.insert(n);
                } else if let Some(m) = re.get(&n) {
                    deps.insert(m.clone());
                }
            }
        }
    }
    deps
}

fn table_graph() -> BTreeMap<String, BTreeSet<String>> {
    let dir = Path::new("src/table");
    let mod_rs = std::fs::read_to_string(dir.join("mod.rs")).unwrap();
    let re = reexports(&mod_rs);
    let modules: BTreeSet<String> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| {
            let p = e.unwrap().path();
            let stem = p.file_stem()?.to_str()?.to_string();
            (p.extension()? == "rs" && stem != "mod").then_some(stem)
        })
        .collect();
    modules
        .iter()
        .map(|m| {
            let src = std::fs::read_to_string(dir.join(format!("{m}.rs"))).unwrap();
            let mut d = table_deps(&src, &modules, &re);
            d.remove(m);
            (m.clone(), d)
        })
        .collect()
}

/// A cycle in the graph, if any, as the modules along it.
fn cycle(g: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        n: &str,
        g: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        state.insert(n.to_string(), 1);
        stack.push(n.to_string());
        for d in g.get(n).into_iter().flatten() {
            match state.get(d.as_str()).copied().unwrap_or(0) {
                1 => {
                    let at = stack.iter().position(|s| s == d).unwrap_or(0);
                    let mut c = stack[at..].to_vec();
                    c.push(d.clone());
                    return Some(c);
                }
                0 => {
                    if let Some(c) = visit(d, g, state, stack) {
                        return Some(c);
                    }
                }
                _ => {}
            }
        }
        stack.pop();
        state.insert(n.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for n in g.keys() {
        if state.get(n.as_str()).copied().unwrap_or(0) == 0 {
            if let Some(c) = visit(n, g, &mut state, &mut vec![]) {
                return Some(c);
            }
        }
    }
    None
}

#[test]
fn the_table_names_no_game_no_picture_and_no_front_end() {
    for entry in std::fs::read_dir("src/table").unwrap() {
        let path = entry.unwrap().path();
        let src = std::fs::read_to_string(&path).unwrap();
        for (n, line) in src.lines().enumerate() {
            if line.trim_start().starts_with("//") {
                continue;
            }
            // The drawing engine (`render::svg`, which names no table type) is the one part of
            // `render` the table may name: `Game::picture` returns its `Doc`.
            let line = line.replace("crate::render::svg::", "");
            for banned in [
                "crate::games",
                "crate::render",
                "crate::discord",
                "crate::console",
            ] {
                assert!(
                    !line.contains(banned),
                    "{}:{}: the table layer refers to `{banned}`: {line}",
                    path.display(),
                    n + 1
                );
            }
        }
    }
}

#[test]
fn the_drawing_engine_names_no_table_and_no_game() {
    for engine in ["svg", "raster", "palette", "stamps", "outlines", "memo"] {
        let path = format!("src/render/{engine}.rs");
        let src = std::fs::read_to_string(&path).unwrap();
        for banned in [
            "crate::table",
            "crate::games",
            "crate::discord",
            "crate::console",
        ] {
            assert!(!src.contains(banned), "{path} refers to `{banned}`");
        }
    }
}

#[test]
fn the_table_modules_import_one_another_in_one_direction() {
    let g = table_graph();
    assert!(g.len() > 8, "the table modules were found: {g:?}");
    assert!(
        g["generic"].contains("builtins"),
        "the check sees imports: {g:?}"
    );
    if let Some(c) = cycle(&g) {
        panic!("import cycle in src/table: {}\n{g:#?}", c.join(" → "));
    }
}

#[test]
fn the_cycle_check_finds_a_cycle() {
    let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    g.insert("a".into(), ["b".to_string()].into());
    g.insert("b".into(), ["c".to_string()].into());
    g.insert("c".into(), ["a".to_string()].into());
    assert_eq!(cycle(&g).unwrap(), ["a", "b", "c", "a"]);
    g.get_mut("c").unwrap().clear();
    assert_eq!(cycle(&g), None);
}
