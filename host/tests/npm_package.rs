//! The npm packages, installed as a user installs them: `scripts/package` packs the launcher
//! `signalint` and this machine's platform package, `npm install` puts both tarballs into an
//! empty project (offline: nothing but the local tarballs), and `npx signalint check` checks
//! that project with the engines resolved as usual.

mod support;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Runs `scripts/package` for the tests' own profile into `out`; returns the tarballs.
fn package(out: &Path) -> Vec<PathBuf> {
    let build = support::library_dir();
    let profile = build.file_name().and_then(|n| n.to_str()).unwrap();
    let output = Command::new(support::workspace_root().join("scripts/package"))
        .args([
            "--profile",
            if profile == "debug" { "dev" } else { profile },
        ])
        .arg("--out")
        .arg(out)
        .env("CARGO_TARGET_DIR", build.parent().unwrap())
        .output()
        .expect("run scripts/package");
    assert!(
        output.status.success(),
        "scripts/package failed: {output:?}"
    );
    let tarballs: Vec<PathBuf> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(PathBuf::from)
        .collect();
    assert_eq!(
        tarballs.len(),
        2,
        "the launcher and one platform package: {tarballs:?}"
    );
    for tarball in &tarballs {
        assert!(tarball.is_file(), "{}", tarball.display());
    }
    tarballs
}

/// `npm` in `project`, offline, with a cache of its own.
fn npm(project: &Path, cache: &Path) -> Command {
    let mut command = Command::new("npm");
    command
        .current_dir(project)
        .args(["--offline", "--no-audit", "--no-fund", "--loglevel=error"])
        .arg("--cache")
        .arg(cache);
    command
}

/// `npx signalint ARGS` in `project`, with the isolation of `support::signalint` and the pinned
/// engines as the managed toolchain.
fn npx_signalint(project: &Path, cache: &Path, args: &[&str]) -> Output {
    let isolated = support::signalint(None);
    let mut command = Command::new("npx");
    for (key, value) in isolated.get_envs() {
        match value {
            Some(value) => command.env(key, value),
            None => command.env_remove(key),
        };
    }
    command
        .current_dir(project)
        .args(["--offline", "--no-install", "--cache"])
        .arg(cache)
        .arg("signalint")
        .args(args)
        .env(
            "SIGNALINT_TOOLCHAIN_DIR",
            support::workspace_root().join("test-engines"),
        )
        .output()
        .expect("run npx")
}

#[test]
fn the_npm_packages_install_and_check_a_project() {
    let scratch = tempfile::tempdir().unwrap();
    let tarballs = package(&scratch.path().join("package"));
    let cache = scratch.path().join("npm-cache");
    let project = scratch.path().join("project");
    std::fs::create_dir(&project).unwrap();
    std::fs::write(
        project.join("package.json"),
        r#"{"name": "demo", "private": true}"#,
    )
    .unwrap();
    std::fs::write(project.join("a.js"), "debugger;\n").unwrap();
    std::fs::write(
        project.join("tsconfig.json"),
        r#"{"compilerOptions": {"strict": true, "noEmit": true}, "include": ["*.ts"]}"#,
    )
    .unwrap();
    std::fs::write(project.join("b.ts"), "export const n: number = \"one\";\n").unwrap();

    let installed = npm(&project, &cache)
        .arg("install")
        .args(&tarballs)
        .output()
        .expect("run npm install");
    assert!(
        installed.status.success(),
        "npm install failed: {installed:?}"
    );
    let bin = project.join("node_modules/.bin/signalint");
    assert!(bin.exists(), "the launcher is the package's bin");

    let output = npx_signalint(&project, &cache, &["check", "--format", "json"]);
    let json = support::stdout_json(&output);
    assert_eq!(output.status.code(), Some(1), "issues found: {json}");
    for engine in ["oxlint", "tsc"] {
        assert_eq!(json["engines"][engine]["status"], "ok", "{engine}: {json}");
    }
    // The project does not use Biome: it is off, and says why.
    assert_eq!(json["engines"]["biome"]["status"], "disabled", "{json}");
    assert!(
        json["engines"]["biome"]["reason"]
            .as_str()
            .is_some_and(|r| r.contains("does not use it")),
        "{json}"
    );
    let rules: Vec<&str> = json["clusters"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|c| c["ruleIds"].as_array().unwrap())
        .filter_map(|r| r.as_str())
        .collect();
    assert!(rules.contains(&"eslint/no-debugger"), "{rules:?}");
    assert!(rules.contains(&"TS2322"), "{rules:?}");

    // Every built-in plugin comes from the platform package, found from the binary's real path.
    let output = npx_signalint(&project, &cache, &["plugins", "--format", "json"]);
    let json = support::stdout_json(&output);
    let loaded: Vec<(String, String)> = json["plugins"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|row| row["status"] == "loaded")
        .map(|row| {
            (
                row["id"].as_str().unwrap().to_owned(),
                row["path"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    for id in signalint::plugins::BUILTIN_ENGINES
        .iter()
        .chain(signalint::plugins::BUILTIN_RULE_PACKS)
    {
        let (_, path) = loaded
            .iter()
            .find(|(loaded, _)| loaded == id)
            .unwrap_or_else(|| panic!("{id} did not load: {json}"));
        assert!(
            path.contains("node_modules/@signalint/cli-") && path.contains("/plugins/"),
            "{id} from {path}"
        );
    }

    // `init` gives an MCP client the project's own signalint, and that command starts.
    let output = npx_signalint(&project, &cache, &["init", "--client", "claude-code"]);
    assert!(output.status.success(), "{output:?}");
    let written: serde_json::Value =
        serde_json::from_slice(&std::fs::read(project.join(".mcp.json")).unwrap()).unwrap();
    let entry = &written["mcpServers"]["signalint"];
    assert_eq!(entry["command"], "node_modules/.bin/signalint", "{written}");
    let args: Vec<&str> = entry["args"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap())
        .collect();
    let output = Command::new(project.join(entry["command"].as_str().unwrap()))
        .current_dir(&project)
        .args(&args)
        .arg("--print-schemas")
        .output()
        .expect("run the MCP entry's command");
    assert!(output.status.success(), "{output:?}");

    // Without its platform package the launcher says what is missing and how to get it.
    std::fs::remove_dir_all(project.join("node_modules/@signalint")).unwrap();
    let output = npx_signalint(&project, &cache, &["check"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("@signalint/cli-") && stderr.contains("--omit=optional"),
        "{stderr}"
    );
}

#[test]
fn the_launcher_knows_every_platform_biome_ships() {
    let table = support::workspace_root().join("npm/signalint/platforms.js");
    let script = format!(
        "const p = require({:?}); \
         console.log(JSON.stringify({{ names: p.PLATFORMS.map(p.packageName), \
         builtins: p.BUILTIN_PLUGINS, \
         win: p.binaryName({{ os: 'win32' }}), \
         dll: p.libraryName({{ os: 'win32' }}, 'mcp-lint'), \
         dylib: p.libraryName({{ os: 'darwin' }}, 'tsc') }}))",
        table.display().to_string()
    );
    let output = Command::new("node")
        .args(["-e", &script])
        .output()
        .expect("run node");
    assert!(output.status.success(), "{output:?}");
    let json = support::stdout_json(&output);
    let names: Vec<&str> = json["names"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap())
        .collect();
    for os in ["linux", "darwin", "win32"] {
        for cpu in ["x64", "arm64"] {
            let name = format!("@signalint/cli-{os}-{cpu}");
            assert!(names.contains(&name.as_str()), "{name} not in {names:?}");
        }
    }
    let builtins: Vec<&str> = json["builtins"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap())
        .collect();
    let host: Vec<&str> = signalint::plugins::BUILTIN_ENGINES
        .iter()
        .chain(signalint::plugins::BUILTIN_RULE_PACKS)
        .copied()
        .collect();
    assert_eq!(
        builtins, host,
        "the packages carry the host's built-in plugins"
    );
    assert_eq!(json["win"], "signalint.exe");
    assert_eq!(json["dll"], "signalint_plugin_mcp_lint.dll");
    assert_eq!(json["dylib"], "libsignalint_plugin_tsc.dylib");
}
