//! The layering ARCHITECTURE.md states. Between layers the crate graph says it (each layer is a
//! crate of the workspace, and a crate cannot name one it does not depend on), so here it is
//! pinned: the workspace's own dependencies are exactly the layers' allowed ones. Inside a
//! crate the compiler allows import cycles among files, so the table's and Night Wizard's
//! modules are checked on the source to import one another in one direction.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The names `crates/core/src/table/mod.rs` re-exports, mapped to the module that defines them.
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
    let dir = Path::new(TABLE);
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

const TABLE: &str = "crates/core/src/table";

/// The workspace's crates (folder → package) and the workspace crates each may depend on:
/// dice at the bottom, the drawing engine over it, the core (table, store, declarations) over
/// both, one crate per game over the core, their composition (`croupier-games`), the Discord
/// front end over the core, and the binary (`croupier`, the composition root) over all.
const LAYERS: &[(&str, &str, &[&str])] = &[
    ("macros", "croupier-macros", &[]),
    ("crates/dice", "croupier-dice", &[]),
    ("crates/draw", "croupier-draw", &["croupier-dice"]),
    (
        "crates/core",
        "croupier-core",
        &["croupier-dice", "croupier-draw", "croupier-macros"],
    ),
    (
        "crates/dice_table",
        "croupier-dice-table",
        &["croupier-core"],
    ),
    ("crates/nobi", "croupier-nobi", &["croupier-core"]),
    (
        "crates/nightwizard",
        "croupier-nightwizard",
        &["croupier-core"],
    ),
    ("crates/nakama", "croupier-nakama", &["croupier-core"]),
    ("crates/ninja", "croupier-ninja", &["croupier-core"]),
    (
        "crates/games",
        "croupier-games",
        &[
            "croupier-core",
            "croupier-dice-table",
            "croupier-nobi",
            "croupier-nightwizard",
            "croupier-nakama",
            "croupier-ninja",
        ],
    ),
    ("crates/discord", "croupier-discord", &["croupier-core"]),
    (
        ".",
        "croupier",
        &[
            "croupier-core",
            "croupier-dice",
            "croupier-draw",
            "croupier-discord",
            "croupier-games",
            "croupier-macros",
        ],
    ),
];

/// The workspace crates a manifest's `[dependencies]` names (dev-dependencies are for tests).
fn workspace_deps(manifest: &str) -> BTreeSet<String> {
    let doc: toml::Table = manifest.parse().expect("a manifest is TOML");
    doc.get("dependencies")
        .and_then(|d| d.as_table())
        .map(|d| {
            d.keys()
                .filter(|k| k.starts_with("croupier"))
                .cloned()
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn each_layer_depends_only_on_the_layers_below_it() {
    let root: toml::Table = std::fs::read_to_string("Cargo.toml")
        .unwrap()
        .parse()
        .unwrap();
    let members: BTreeSet<String> = root["workspace"]["members"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect();
    let listed: BTreeSet<String> = LAYERS.iter().map(|(d, _, _)| d.to_string()).collect();
    assert_eq!(members, listed, "every workspace crate has its layer here");
    for (dir, name, allowed) in LAYERS {
        let manifest = std::fs::read_to_string(Path::new(dir).join("Cargo.toml")).unwrap();
        let doc: toml::Table = manifest.parse().unwrap();
        assert_eq!(doc["package"]["name"].as_str(), Some(*name), "{dir}");
        let deps = workspace_deps(&manifest);
        let allowed: BTreeSet<String> = allowed.iter().map(|a| a.to_string()).collect();
        assert_eq!(
            deps, allowed,
            "{name} ({dir}) depends on exactly its layers"
        );
    }
}

#[test]
fn the_layer_check_reads_dependencies_not_dev_dependencies() {
    let m = "[package]\nname = \"x\"\n[dependencies]\ncroupier-core = { path = \"c\" }\nserde = \"1\"\n[dev-dependencies]\ncroupier-games = { path = \"g\" }\n";
    assert_eq!(
        workspace_deps(m),
        BTreeSet::from(["croupier-core".to_string()])
    );
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
        panic!("import cycle in {TABLE}: {}\n{g:#?}", c.join(" → "));
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

// --- Night Wizard: the modules of `crates/nightwizard/src/` import one another in one direction
// (state ← judge/status ← features ← dispatch). Each file is a module; `#[cfg(test)]` items and
// the files they declare are left out; a path (`super::x::Y`, `crate::x`,
// `self::x`) counts as an edge to the module that defines `Y`, following `pub use` re-exports
// (so the `session` shim and a folder's `mod.rs` that re-exports its parts point at the part).

const NW: &str = "crates/nightwizard/src";

/// A module: its path from the Night Wizard root (`combat::movement`) and its code.
struct NwModule {
    code: String,
    /// `pub use`/`use` re-exports: a name (or `*`) → the absolute path it comes from.
    uses: Vec<(String, Vec<String>)>,
    /// Names it defines (`struct`, `enum`, `fn`, `const`, `type`, `trait`, `static`).
    defines: BTreeSet<String>,
}

/// The code without `#[cfg(test)]` items and comment lines.
fn without_tests(src: &str) -> String {
    let lines: Vec<&str> = src.lines().collect();
    let mut out = vec![];
    let mut i = 0;
    while i < lines.len() {
        let t = lines[i].trim_start();
        if t.starts_with("#[cfg(test)]") {
            // Skip attributes, then the item: one line ending in `;`, or a balanced block.
            i += 1;
            while i < lines.len() && lines[i].trim_start().starts_with("#[") {
                i += 1;
            }
            let mut depth = 0i32;
            while i < lines.len() {
                let l = lines[i];
                depth += l.matches('{').count() as i32 - l.matches('}').count() as i32;
                i += 1;
                if depth <= 0 && (l.trim_end().ends_with(';') || l.trim_end().ends_with('}')) {
                    break;
                }
            }
            continue;
        }
        if !t.starts_with("//") {
            out.push(lines[i]);
        }
        i += 1;
    }
    out.join("\n")
}

/// `#[path = "x.rs"] mod name;` and `mod name;` declarations: (name, file, under cfg(test)).
fn declared_mods(src: &str, dir: &Path, own_dir: &Path) -> Vec<(String, std::path::PathBuf, bool)> {
    let mut out = vec![];
    let lines: Vec<&str> = src.lines().map(str::trim).collect();
    for (i, l) in lines.iter().enumerate() {
        let decl = l
            .strip_prefix("pub mod ")
            .or_else(|| l.strip_prefix("pub(crate) mod "))
            .or_else(|| l.strip_prefix("mod "));
        let Some(name) = decl.and_then(|d| d.strip_suffix(';')) else {
            continue;
        };
        let mut test = false;
        let mut path = None;
        let mut k = i;
        while k > 0 && lines[k - 1].starts_with("#[") {
            k -= 1;
            if lines[k].starts_with("#[cfg(test)]") {
                test = true;
            }
            if let Some(p) = lines[k].strip_prefix("#[path = \"") {
                path = p.split('"').next().map(|p| dir.join(p));
            }
        }
        let file = path.unwrap_or_else(|| {
            let flat = own_dir.join(format!("{name}.rs"));
            if flat.exists() {
                flat
            } else {
                own_dir.join(name).join("mod.rs")
            }
        });
        out.push((name.to_string(), file, test));
    }
    out
}

/// Every `use` statement as (name or `*`, path segments), nested groups expanded.
fn use_paths(code: &str) -> Vec<(String, Vec<String>)> {
    fn expand(prefix: &str, body: &str, out: &mut Vec<String>) {
        let body = body.trim();
        if let Some(open) = body.find('{') {
            let head = format!("{prefix}{}", &body[..open]);
            let inner = &body[open + 1..body.rfind('}').unwrap_or(body.len())];
            let mut depth = 0;
            let mut start = 0;
            for (i, c) in inner.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        expand(&head, &inner[start..i], out);
                        start = i + 1;
                    }
                    _ => {}
                }
            }
            expand(&head, &inner[start..], out);
        } else if !body.is_empty() {
            out.push(format!("{prefix}{body}"));
        }
    }
    let mut out = vec![];
    let flat = code.replace('\n', " ");
    for part in flat.split("use ").skip(1) {
        let stmt = part.split(';').next().unwrap_or("");
        if stmt.contains('(') || stmt.contains('"') {
            continue;
        }
        let mut paths = vec![];
        expand("", stmt, &mut paths);
        for p in paths {
            let alias = p.split(" as ").nth(1).map(|a| a.trim().to_string());
            let p = p.split(" as ").next().unwrap_or("").trim().to_string();
            let segs: Vec<String> = p.split("::").map(|s| s.trim().to_string()).collect();
            if let Some(last) = segs.last() {
                let name = if let Some(a) = alias {
                    a
                } else if last == "self" {
                    segs[segs.len().saturating_sub(2)].clone()
                } else {
                    last.clone()
                };
                out.push((name, segs));
            }
        }
    }
    out
}

/// `code` without its `pub use …;` statements (a facade's re-exports).
fn without_reexports(code: &str) -> String {
    let mut out = String::new();
    let mut rest = code;
    loop {
        let next = ["pub use ", "pub(crate) use ", "pub(super) use "]
            .iter()
            .filter_map(|m| rest.find(m))
            .min();
        let Some(i) = next else {
            out.push_str(rest);
            return out;
        };
        out.push_str(&rest[..i]);
        rest = rest[i..].split_once(';').map_or("", |(_, after)| after);
    }
}

/// The `pub use …;` statements of `code`, written as plain `use` statements.
fn reexport_statements(code: &str) -> String {
    let flat = code.replace('\n', " ");
    let mut out = String::new();
    for marker in ["pub use ", "pub(crate) use ", "pub(super) use "] {
        for part in flat.split(marker).skip(1) {
            let stmt = part.split(';').next().unwrap_or("");
            out.push_str(&format!("use {stmt};\n"));
        }
    }
    out
}

/// A path written in module `at` made absolute from the Night Wizard root, if it points inside.
fn absolute(at: &[String], segs: &[String]) -> Option<Vec<String>> {
    let mut base: Vec<String> = at.to_vec();
    let mut rest = segs;
    if rest.first().map(String::as_str) == Some("crate") {
        return Some(rest[1..].to_vec());
    }
    match rest.first().map(String::as_str) {
        Some("super") => {
            while rest.first().map(String::as_str) == Some("super") {
                base.pop()?;
                rest = &rest[1..];
            }
        }
        Some("self") => rest = &rest[1..],
        _ => return None,
    }
    base.extend(rest.iter().cloned());
    Some(base)
}

fn nw_modules() -> BTreeMap<Vec<String>, NwModule> {
    let mut out = BTreeMap::new();
    let mut todo = vec![(vec![], Path::new(NW).join("lib.rs"))];
    while let Some((at, file)) = todo.pop() {
        let src = std::fs::read_to_string(&file).unwrap();
        let dir = file.parent().unwrap().to_path_buf();
        let own_dir =
            if file.file_name().unwrap() == "mod.rs" || file.file_name().unwrap() == "lib.rs" {
                dir.clone()
            } else {
                dir.join(file.file_stem().unwrap())
            };
        for (name, child, test) in declared_mods(&src, &dir, &own_dir) {
            if !test {
                let mut p: Vec<String> = at.clone();
                p.push(name);
                todo.push((p, child));
            }
        }
        let code = without_tests(&src);
        // Inline modules (`pub mod session { pub use …; }`): a module of their own.
        let flat = code.replace('\n', " ");
        for part in flat.split("pub mod ").skip(1) {
            let Some((name, body)) = part.split_once('{') else {
                continue;
            };
            let name = name.trim();
            if name.contains(' ') || name.contains(';') {
                continue;
            }
            let body = body.split('}').next().unwrap_or("");
            let mut p = at.clone();
            p.push(name.to_string());
            out.insert(
                p.clone(),
                NwModule {
                    code: body.to_string(),
                    uses: resolve_uses(&p, body),
                    defines: BTreeSet::new(),
                },
            );
        }
        let mut defines = BTreeSet::new();
        for kw in [
            "struct ", "enum ", "fn ", "const ", "type ", "trait ", "static ",
        ] {
            for (i, _) in code.match_indices(kw) {
                let before = code[..i].chars().last().unwrap_or(' ');
                if before.is_alphanumeric() || before == '_' {
                    continue;
                }
                let name: String = code[i + kw.len()..]
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() {
                    defines.insert(name);
                }
            }
        }
        out.insert(
            at.clone(),
            NwModule {
                uses: resolve_uses(&at, &code),
                code,
                defines,
            },
        );
    }
    out
}

/// A module's `use` statements as absolute paths (relative ones are taken from the module).
fn resolve_uses(at: &[String], code: &str) -> Vec<(String, Vec<String>)> {
    use_paths(code)
        .into_iter()
        .filter_map(|(name, segs)| {
            let abs = absolute(at, &segs).or_else(|| {
                // `use child::X` from a module: a path relative to it (2018 paths).
                let first = segs.first()?;
                if ["crate", "std", "serde", "super", "self"].contains(&first.as_str()) {
                    return None;
                }
                let mut p = at.to_vec();
                p.extend(segs.iter().cloned());
                Some(p)
            })?;
            Some((name, abs))
        })
        .collect()
}

/// The module that defines what `path` names (following re-exports), or the deepest module
/// on the path.
fn defining_module(
    mods: &BTreeMap<Vec<String>, NwModule>,
    path: &[String],
    depth: u32,
) -> Option<Vec<String>> {
    let mut k = path.len();
    while k > 0 && !mods.contains_key(&path[..k]) {
        k -= 1;
    }
    let module = path[..k].to_vec();
    let Some(item) = path.get(k) else {
        return Some(module);
    };
    let m = &mods[&module];
    if m.defines.contains(item) || depth > 8 {
        return Some(module);
    }
    for (name, from) in &m.uses {
        if name == item && from.as_slice() != path {
            if let Some(d) = defining_module(mods, from, depth + 1) {
                if mods.contains_key(&d) {
                    return Some(d);
                }
            }
        }
    }
    for (name, from) in &m.uses {
        if name == "*" {
            let mut p = from[..from.len() - 1].to_vec();
            p.push(item.clone());
            if let Some(d) = defining_module(mods, &p, depth + 1) {
                if d != module && mods.get(&d).is_some_and(|m| m.defines.contains(item)) {
                    return Some(d);
                }
            }
        }
    }
    Some(module)
}

fn nw_graph() -> BTreeMap<String, BTreeSet<String>> {
    let mods = nw_modules();
    let name = |p: &[String]| {
        if p.is_empty() {
            "nightwizard".to_string()
        } else {
            p.join("::")
        }
    };
    let mut g = BTreeMap::new();
    for (at, m) in &mods {
        let mut deps = BTreeSet::new();
        // A folder's `mod.rs` re-exporting its children (`pub use child::X;`) is a facade, not a
        // dependency of the folder's code: only what the code itself uses is an edge. (Where a
        // name is defined is still found through the re-exports, by `defining_module`.)
        let facade: BTreeSet<Vec<String>> = resolve_uses(at, &reexport_statements(&m.code))
            .into_iter()
            .map(|(_, p)| p)
            .collect();
        let mut paths: Vec<Vec<String>> = m
            .uses
            .iter()
            .map(|(_, p)| p.clone())
            .filter(|p| !facade.contains(p))
            .collect();
        let code = without_reexports(&m.code);
        for prefix in ["super::", "crate::", "self::"] {
            for (i, _) in code.match_indices(prefix) {
                let before = code[..i].chars().last().unwrap_or(' ');
                if before.is_alphanumeric() || before == '_' || before == ':' {
                    continue;
                }
                let text: String = code[i..]
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                    .collect();
                if text.ends_with("::") {
                    // `super::x::{a, b}`: a `use` group, read with the `use` statements.
                    continue;
                }
                let segs: Vec<String> = text
                    .split("::")
                    .filter(|s| !s.is_empty())
                    .map(str::to_string)
                    .collect();
                if let Some(abs) = absolute(at, &segs) {
                    paths.push(abs);
                }
            }
        }
        for p in paths {
            if let Some(d) = defining_module(&mods, &p, 0) {
                if &d != at {
                    deps.insert(name(&d));
                }
            }
        }
        g.insert(name(at), deps);
    }
    g
}

#[test]
fn the_night_wizard_modules_import_one_another_in_one_direction() {
    let g = nw_graph();
    assert!(g.len() > 15, "the Night Wizard modules were found: {g:?}");
    // The check sees imports, through a folder's re-exports.
    assert!(
        g["dispatch"].contains("judge::request"),
        "{:#?}",
        g["dispatch"]
    );
    assert!(
        g["judge::request"].contains("state"),
        "{:#?}",
        g["judge::request"]
    );
    for feature in ["casket", "ask", "fortress", "phase", "prana", "pcs", "cf"] {
        let d = g
            .iter()
            .find(|(k, _)| k.as_str() == feature || k.starts_with(&format!("{feature}::")));
        assert!(d.is_some(), "{feature} is a module");
        for (k, deps) in g
            .iter()
            .filter(|(k, _)| k.as_str() == feature || k.starts_with(&format!("{feature}::")))
        {
            assert!(
                !deps.contains("dispatch") && !deps.contains("session"),
                "{k} calls back up into the dispatcher: {deps:?}"
            );
        }
    }
    if let Some(c) = cycle(&g) {
        panic!("import cycle in {NW}: {}\n{g:#?}", c.join(" → "));
    }
}

#[test]
fn the_night_wizard_check_resolves_reexports_and_ignores_tests() {
    assert_eq!(
        without_tests("use a;\n#[cfg(test)]\nmod tests {\n    use super::b;\n}\nfn c() {}\n#[cfg(test)]\nmod t;\nuse d;"),
        "use a;\nfn c() {}\nuse d;"
    );
    assert_eq!(
        without_reexports("use a::b;\npub use c::{D, E};\nfn f() {}"),
        "use a::b;\n\nfn f() {}"
    );
    assert_eq!(
        reexport_statements("use a::b;\npub use c::{D, E};\npub(crate) use f::G;"),
        "use c::{D, E};\nuse f::G;\n"
    );
    let uses = use_paths("use super::{a::{B, C as D}, e};");
    let names: Vec<&str> = uses.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["B", "D", "e"]);
    assert_eq!(
        absolute(&["x".into(), "y".into()], &["super".into(), "z".into()]),
        Some(vec!["x".to_string(), "z".to_string()])
    );
}
