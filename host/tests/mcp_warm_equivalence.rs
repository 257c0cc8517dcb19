//! Never a stale answer: the MCP server keeps tsc warm (TypeScript 7's language server, and
//! TypeScript 5.9.3's tsserver), and after every edit of a seeded random sequence its answer
//! holds exactly the issues a cold one-shot `signalint check` of the same tree, with the same
//! compiler, finds.
//!
//! The fixture is a small program with a hub (imported directly and through a re-export), a
//! module with an inferred return type (a body edit changes its importers' types), two leaves,
//! an unrelated module and a global declaration file. The edits add and revert type errors in
//! leaves, change the hub's exports and bodies, change the global declarations, add an
//! import, create and delete a file, break and fix the syntax, and about every 25th turns an
//! option of the config `tsconfig.json` extends on or off. Every answer is compared
//! with a cold CLI check of a copy of the tree (memoized by the tree's content: a cold check
//! is a function of it), by issue id, file, position and rule.
//!
//! Some edits leave what importers see of the hub unchanged, and the server then re-checks
//! the hub alone: a body edit, a comment, the body of a function it does not export (whose
//! inferred type changes), a type error inside a typed body of a module whose declarations
//! need the checker. An export added to the hub reaches only the importers that use the new
//! name or the hub's namespace as a whole (`keyof typeof hub` breaks on it), not one that
//! reads the hub's members. Others look as small and must reach the importers: a body edit
//! that changes an inferred return type, a literal's type (`"cm"` to `"mm"`), a local name
//! an importer asks for (TS2305 becomes TS2459). Answering those for the hub alone would
//! leave an importer's stale issue, and the comparison would fail.

mod mcp_support;

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;

use mcp_support::{call, ok, start};

/// The projects pin their TypeScript in `node_modules`: they are trusted, so it is what runs.
fn trusted() -> (&'static str, &'static Path) {
    ("SIGNALINT_TRUST", Path::new("1"))
}
use serde_json::{Value, json};

const TSCONFIG: &str = r#"{ "extends": "./tsconfig.base.json", "compilerOptions": { "strict": true, "noEmit": true, "target": "es2022", "module": "esnext", "moduleResolution": "bundler", "skipLibCheck": true, "types": [] }, "include": ["src"] }"#;

const HUB: &str = "export interface Shape {\n  w: number;\n  h: number;\n}\n\nfunction pad(n: number) {\n  return n;\n}\n\nexport function area(s: Shape): number {\n  return pad(s.w * s.h);\n}\n\nexport const unit = \"cm\";\n";
const SCALE: &str = "import { area, type Shape } from \"./hub\";\n\nexport function scale(s: Shape) {\n  return area(s) * 2;\n}\n\nexport function half(s: Shape): number {\n  return area(s) / 2;\n}\n";
const MID: &str = "export * from \"./hub\";\nimport type { Shape } from \"./hub\";\n\nexport function describe(s: Shape): string {\n  return `${s.w}x${s.h}`;\n}\n";
const LEAF1: &str = "import { area, describe } from \"./mid\";\nimport { scale } from \"./scale\";\n\nconst box = { w: 2, h: 3 };\nexport const size: number = area(box);\nexport const label: string = describe(box);\nexport const doubled: number = scale(box);\n";
const LEAF2: &str = "import { unit, secret } from \"./hub\";\n\nconst spare = 0;\nexport const suffix: string = unit;\nexport const exact: \"cm\" = unit;\nexport const build: number = BUILD;\nexport const hidden = secret;\n";
const OTHER: &str = "export const z = 1;\n";
/// Reads the hub's members through its namespace: a name the hub gains cannot change it.
const MEMBERS: &str = "import * as hub from \"./hub\";\n\nexport const total: number = hub.area({ w: 1, h: 1 });\nexport type Unit = typeof hub.unit;\n";
/// Uses the hub's namespace as a whole: a name the hub gains breaks it.
const WHOLE: &str = "import * as hub from \"./hub\";\n\nexport const first: \"area\" | \"unit\" = \"area\" as keyof typeof hub;\n";
const GLOBALS: &str = "declare const BUILD: number;\n";
/// The config `tsconfig.json` extends; an edit turns `noUnusedLocals` on (TS6133 on
/// `spare` in `leaf2.ts`) or off again.
const BASE: &str = "{ \"compilerOptions\": {} }\n";
const BASE_UNUSED: &str = "{ \"compilerOptions\": { \"noUnusedLocals\": true } }\n";

/// Each file's original text.
fn originals() -> BTreeMap<&'static str, &'static str> {
    BTreeMap::from([
        ("tsconfig.json", TSCONFIG),
        ("tsconfig.base.json", BASE),
        ("src/hub.ts", HUB),
        ("src/scale.ts", SCALE),
        ("src/mid.ts", MID),
        ("src/leaf1.ts", LEAF1),
        ("src/leaf2.ts", LEAF2),
        ("src/other.ts", OTHER),
        ("src/members.ts", MEMBERS),
        ("src/whole.ts", WHOLE),
        ("src/globals.d.ts", GLOBALS),
    ])
}

/// A small deterministic generator (xorshift), so a failure replays.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// One edit: the file and its new text (`None`: delete it).
fn edit(rng: &mut Rng, step: usize, tree: &BTreeMap<String, String>) -> (String, Option<String>) {
    let original = |file: &str| originals()[file].to_owned();
    let current = |file: &str| tree.get(file).cloned().unwrap_or_default();
    let (file, text) = match rng.below(18) {
        // A type error appended to a leaf, or the leaf reverted.
        0 | 1 => {
            let leaf = ["src/leaf1.ts", "src/leaf2.ts", "src/other.ts"][rng.below(3)];
            (
                leaf,
                Some(format!(
                    "{}export const e{step}: string = {step};\n",
                    current(leaf)
                )),
            )
        }
        2 => {
            let leaf = ["src/leaf1.ts", "src/leaf2.ts", "src/other.ts"][rng.below(3)];
            (leaf, Some(original(leaf)))
        }
        // The hub's export changes: its importers break.
        3 => (
            "src/hub.ts",
            Some(HUB.replace(
                "export function area(s: Shape): number {\n  return pad(s.w * s.h);",
                "export function area(s: Shape): string {\n  return `${pad(s.w * s.h)}`;",
            )),
        ),
        4 => (
            "src/hub.ts",
            Some(HUB.replace("export const unit = \"cm\";", "export const unit = 3;")),
        ),
        // A body-only edit of the hub (it reaches the hub alone), and one that changes an
        // inferred return type (it reaches the importers).
        5 => (
            "src/hub.ts",
            Some(HUB.replace(
                "return pad(s.w * s.h);",
                &format!("return pad(s.w * s.h + {step});"),
            )),
        ),
        6 => (
            "src/scale.ts",
            Some(SCALE.replace("return area(s) * 2;", "return `${area(s)}`;")),
        ),
        7 => {
            let file = ["src/hub.ts", "src/scale.ts", "src/mid.ts"][rng.below(3)];
            (file, Some(original(file)))
        }
        // The global declarations change for every file.
        8 => (
            "src/globals.d.ts",
            Some(if current("src/globals.d.ts") == GLOBALS {
                "declare const BUILD: string;\n".to_owned()
            } else {
                GLOBALS.to_owned()
            }),
        ),
        // An import added (the program's files may change) or removed.
        9 => (
            "src/other.ts",
            Some(if current("src/other.ts").contains("import") {
                OTHER.to_owned()
            } else {
                "import { size } from \"./leaf1\";\nexport const z: string = size;\n".to_owned()
            }),
        ),
        // A file created with an error, or deleted.
        10 => (
            "src/extra.ts",
            if tree.contains_key("src/extra.ts") {
                None
            } else {
                Some(format!(
                    "import {{ area }} from \"./hub\";\nexport const x{step}: string = area({{ w: 1, h: 1 }});\n"
                ))
            },
        ),
        // A type error inside a typed body of a module whose declarations need the checker
        // (`scale` is inferred): the module alone, or reverted.
        11 => {
            let scale = current("src/scale.ts");
            let wrong = "const wrong: string = area(s);\n  return area(s) / 2;";
            let text = if scale.contains(wrong) {
                scale.replace(wrong, "return area(s) / 2;")
            } else {
                scale.replace("return area(s) / 2;", wrong)
            };
            ("src/scale.ts", Some(text))
        }
        // A comment in the hub or the module that re-exports it: the file alone.
        12 => {
            let file = ["src/hub.ts", "src/mid.ts"][rng.below(2)];
            (
                file,
                Some(current(file).replacen(
                    "export function",
                    &format!("/** Edit {step}. */\nexport function"),
                    1,
                )),
            )
        }
        // The hub's helper it does not export changes its inferred return type: the hub
        // breaks, its importers cannot see it.
        13 => {
            let hub = current("src/hub.ts");
            let text = if hub.contains("return n;") {
                hub.replace("return n;", "return `${n}`;")
            } else {
                hub.replace("return `${n}`;", "return n;")
            };
            ("src/hub.ts", Some(text))
        }
        // A local name that an importer asks for: TS2305 (no such export) or TS2459
        // (declared locally), so it reaches the importers.
        14 => {
            let hub = current("src/hub.ts");
            let secret = "const secret = 1;\nvoid secret;\n";
            let text = if hub.contains(secret) {
                hub.replace(secret, "")
            } else {
                format!("{hub}{secret}")
            };
            ("src/hub.ts", Some(text))
        }
        // A literal's type: `unit` becomes "mm", which `exact: "cm"` rejects.
        15 => {
            let hub = current("src/hub.ts");
            let text = if hub.contains("unit = \"cm\"") {
                hub.replace("unit = \"cm\"", "unit = \"mm\"")
            } else {
                hub.replace("unit = \"mm\"", "unit = \"cm\"")
            };
            ("src/hub.ts", Some(text))
        }
        // An export added to the hub, or removed: only the importers that use the new name
        // or the hub's namespace as a whole (`whole.ts`, the `export *` of `mid.ts`) change.
        16 => {
            let hub = current("src/hub.ts");
            let extra = "export const extra: number = 1;\n";
            let text = if hub.contains(extra) {
                hub.replace(extra, "")
            } else {
                format!("{hub}{extra}")
            };
            ("src/hub.ts", Some(text))
        }
        // A syntax error (the next edit fixes it).
        _ => {
            let file = ["src/leaf1.ts", "src/mid.ts"][rng.below(2)];
            (file, Some(format!("{}const = ;\n", current(file))))
        }
    };
    (file.to_owned(), text)
}

/// Writes `tree` under `root`; with `typescript` (a package of the test engines), the
/// project pins that compiler in its `node_modules`.
fn write_tree(root: &Path, tree: &BTreeMap<String, String>, typescript: Option<&str>) {
    for (file, text) in tree {
        let path = root.join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    if let Some(package) = typescript
        && !root.join("node_modules/typescript").exists()
    {
        std::fs::create_dir_all(root.join("node_modules")).unwrap();
        std::os::unix::fs::symlink(
            mcp_support::engines().join(package),
            root.join("node_modules/typescript"),
        )
        .unwrap();
    }
}

/// An issue as the comparison sees it.
type Issue = (String, String, u64, u64, String);

fn issue_set(issues: &[Value]) -> BTreeSet<Issue> {
    issues
        .iter()
        .filter(|i| i["engine"] == "tsc")
        .map(|i| {
            (
                i["issueId"].as_str().unwrap().to_owned(),
                i["file"].as_str().unwrap().to_owned(),
                i["line"].as_u64().unwrap(),
                i["col"].as_u64().unwrap(),
                i["rule"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

const CONFIG: &str = "[engines.oxlint]\nenabled = false\n\n[engines.biome]\nenabled = false\n";

/// A cold one-shot check of `tree` by the CLI, in a fresh directory of its own.
fn cold(
    tree: &BTreeMap<String, String>,
    typescript: Option<&str>,
    scratch: &Path,
    step: usize,
) -> BTreeSet<Issue> {
    let root = scratch.join(format!("cold-{step}"));
    std::fs::create_dir_all(&root).unwrap();
    write_tree(&root, tree, typescript);
    std::fs::write(root.join("signalint.toml"), CONFIG).unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_signalint"))
        .args([
            "check",
            "--format",
            "json",
            "--all-issues",
            "--fail-on",
            "never",
            "--root",
        ])
        .arg(&root)
        .env("XDG_CACHE_HOME", scratch.join("cache"))
        .env("SIGNALINT_NO_INSTALL", "1")
        .env("SIGNALINT_TRUST", "1")
        .env_remove("SIGNALINT_LOG")
        .output()
        .unwrap();
    let response: Value = serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "the cold check printed no JSON ({e}): {}",
            String::from_utf8_lossy(&output.stderr)
        )
    });
    assert_eq!(response["engines"]["tsc"]["status"], "ok", "{response:#}");
    let _ = std::fs::remove_dir_all(&root);
    issue_set(response["issues"].as_array().unwrap())
}

/// Every issue of the server's latest check (what `get_issue_detail` pages through). The
/// server writes its state after answering, holding the state's lock until it is written.
fn latest(root: &Path) -> BTreeSet<Issue> {
    let lock = std::fs::File::open(root.join(".signalint/state.lock")).unwrap();
    lock.lock().unwrap();
    let text = std::fs::read_to_string(root.join(".signalint/latest.state")).unwrap();
    let latest: Value = serde_json::from_str(&text).unwrap();
    issue_set(latest["issues"].as_array().unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_warm_answer_equals_a_cold_check_of_the_same_tree() {
    equivalence(None, "tsc --lsp", TSCONFIG, 200).await;
}

/// TypeScript 5.9.3's tsserver, through the same sequence.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_warm_tsserver_answer_equals_a_cold_check_of_the_same_tree() {
    equivalence(Some("typescript-5"), "tsserver.js", TSCONFIG, 200).await;
}

/// TypeScript 4.9.5's tsserver, through the start of the sequence (4.9 predates
/// `moduleResolution: "bundler"`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn warm_tsserver_4_9_answers_equal_a_cold_check_of_the_same_tree() {
    let tsconfig = TSCONFIG.replace("\"bundler\"", "\"node\"");
    equivalence(Some("typescript-4"), "tsserver.js", &tsconfig, 40).await;
}

/// `steps` edits of the seeded sequence against the compiler `typescript` pins (the managed
/// TypeScript 7 when `None`) with `tsconfig`, whose warm answers name `server` in their
/// status.
async fn equivalence(typescript: Option<&str>, server: &str, tsconfig: &str, steps: usize) {
    mcp_support::engines();
    mcp_support::build_plugins();
    let project = tempfile::tempdir().unwrap();
    let root = project.path().canonicalize().unwrap();
    let scratch = tempfile::tempdir().unwrap();
    let mut tree: BTreeMap<String, String> = originals()
        .into_iter()
        .map(|(f, t)| (f.to_owned(), t.to_owned()))
        .collect();
    tree.insert("tsconfig.json".into(), tsconfig.to_owned());
    write_tree(&root, &tree, typescript);
    std::fs::write(root.join("signalint.toml"), CONFIG).unwrap();
    let (client, _) = start(&root, &[trusted()]).await;

    let mut rng = Rng(0x5eed_2026_0000_0016);
    let mut memo: HashMap<String, BTreeSet<Issue>> = HashMap::new();
    let (mut warm, mut one_shot, mut cached, mut alone, mut untouched) = (0, 0, 0, 0, 0);
    // Edits of the extended config, and the answers that restarted for one.
    let (mut configs, mut restarted) = (0, 0);
    let mut config_due = false;
    for step in 0..=steps {
        // A syntax error is fixed by the next edit: while one stands, tsc prints only syntax
        // errors, and the check runs one-shot.
        let broken = tree
            .iter()
            .find(|(_, text)| text.contains("const = ;"))
            .map(|(file, text)| (file.clone(), Some(text.replace("const = ;\n", ""))));
        // Every 25th edit, or the first after it that fixes no syntax error.
        config_due |= step > 0 && step % 25 == 0;
        let edited = if step == 0 {
            "src/hub.ts".to_owned()
        } else if config_due && broken.is_none() {
            config_due = false;
            // The extended config changes: no source file does, and the server must restart
            // to read it (a warm answer of the old options would miss or keep TS6133).
            let base = if tree["tsconfig.base.json"] == BASE {
                BASE_UNUSED
            } else {
                BASE
            };
            std::fs::write(root.join("tsconfig.base.json"), base).unwrap();
            tree.insert("tsconfig.base.json".into(), base.to_owned());
            configs += 1;
            "src/hub.ts".to_owned()
        } else {
            let (file, text) = broken.unwrap_or_else(|| edit(&mut rng, step, &tree));
            match text {
                Some(text) => {
                    std::fs::write(root.join(&file), &text).unwrap();
                    tree.insert(file.clone(), text);
                }
                None => {
                    std::fs::remove_file(root.join(&file)).unwrap();
                    tree.remove(&file);
                }
            }
            file
        };
        let files = if tree.contains_key(&edited) {
            vec![edited.clone()]
        } else {
            vec!["src/hub.ts".to_owned()]
        };
        let answer = ok(&call(&client, "check_files", json!({"files": files})).await);
        let tsc = &answer["engines"]["tsc"];
        assert_eq!(tsc["status"], "ok", "step {step}: {answer:#}");
        // What check_files left out of other files is counted after the run's own note.
        let message = tsc["message"].as_str().unwrap_or_default();
        let message = message[..message
            .find("checked its whole programs")
            .unwrap_or(message.len())]
            .trim_end_matches("; ");
        if message.contains("restarted: a program input changed (tsconfig.base.json") {
            restarted += 1;
        }
        if message.starts_with("persistent") {
            assert!(message.contains(server), "step {step}: {message}");
            warm += 1;
            if message.contains("reached no importer") {
                alone += 1;
            }
            if message.contains("no name the edit added or removed is used there") {
                untouched += 1;
            }
        } else if message.contains("one-shot") {
            one_shot += 1;
        } else {
            assert_eq!(message, "", "step {step}: {answer:#}");
            cached += 1;
        }
        let key = serde_json::to_string(&tree).unwrap();
        let expected = match memo.get(&key) {
            Some(expected) => expected.clone(),
            None => {
                let expected = cold(&tree, typescript, scratch.path(), step);
                memo.insert(key, expected.clone());
                expected
            }
        };
        let got = latest(&root);
        // The answer keeps to the edited file and what is new elsewhere; the latest check
        // holds everything the check found.
        assert!(
            answer["totalIssues"].as_u64().unwrap() as usize <= got.len(),
            "step {step}: the answer holds issues the latest check does not"
        );
        if got != expected {
            let missing: Vec<_> = expected.difference(&got).collect();
            let extra: Vec<_> = got.difference(&expected).collect();
            panic!(
                "step {step} (edited {edited}; tsc: {message}): the warm answer differs from a \
                 cold check\nmissing: {missing:#?}\nextra: {extra:#?}\ntree: {tree:#?}"
            );
        }
    }
    // The sequence exercised the warm path, and the one-shot one where tsc needs it.
    let counts = format!(
        "{warm} warm answers ({alone} of an edit that reached its file alone, {untouched} of \
         one that left importers untouched), {one_shot} one-shot, {cached} from the cache"
    );
    assert!(warm > steps / 2, "{counts}");
    // Over the whole sequence, which has syntax errors.
    assert!(
        one_shot > 0 || steps < 100,
        "no syntax error sent a check one-shot: {counts}"
    );
    assert!(
        alone >= steps / 20,
        "too few edits reached their file alone: {counts}"
    );
    assert!(
        untouched > 0 || steps < 100,
        "no added export left an importer untouched: {counts}"
    );
    // Every edit of the extended config restarted the server (or ran one-shot while a
    // syntax error stood).
    assert!(configs >= steps / 25, "{configs} config edits: {counts}");
    assert!(
        restarted > 0 && restarted <= configs,
        "{restarted} of {configs} config edits restarted the server: {counts}"
    );
    client.cancel().await.unwrap();
}
