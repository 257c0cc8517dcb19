//! The TypeScript runs a `package.json` script makes: `tsc -p tsconfig.build.json`,
//! `tsgo --project x`, `vue-tsc -b`, each command of a `&&`/`;`/`|` chain read on its own.
//! The configs they name are programs the project checks itself, whatever their file name.

/// The TypeScript compilers a script may call, by the name of their command.
const COMPILERS: [&str; 5] = ["tsc", "tsgo", "vue-tsc", "tspc", "ttsc"];

/// One compiler run in a script.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ScriptRun {
    /// The command (`tsc`, `tsgo`, `vue-tsc`…).
    pub compiler: String,
    /// The configs it names, relative to the package directory, normalized to a `.json` file
    /// (a directory means its `tsconfig.json`); the package's `tsconfig.json` when none is named.
    pub configs: Vec<String>,
    /// Run with `--build`.
    pub build: bool,
}

/// Every compiler run of `script`.
pub(crate) fn runs(script: &str) -> Vec<ScriptRun> {
    script
        .split(['&', '|', ';', '\n'])
        .filter_map(|command| run(command.split_whitespace().map(unquote).collect()))
        .collect()
}

fn unquote(token: &str) -> &str {
    token.trim_matches(|c| c == '"' || c == '\'')
}

/// The compiler run of one command, if it calls one.
fn run(tokens: Vec<&str>) -> Option<ScriptRun> {
    let at = tokens.iter().position(|t| {
        let name = t.rsplit('/').next().unwrap_or(t);
        COMPILERS.contains(&name)
    })?;
    let compiler = tokens[at]
        .rsplit('/')
        .next()
        .unwrap_or(tokens[at])
        .to_owned();
    let args = &tokens[at + 1..];
    let mut build = false;
    let mut named: Vec<String> = Vec::new();
    let mut positional: Vec<&str> = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let arg = args[i];
        if let Some(value) = arg
            .strip_prefix("--project=")
            .or_else(|| arg.strip_prefix("-p="))
        {
            named.push(config_file(value));
        } else if matches!(arg, "-p" | "--project" | "-P") {
            if let Some(value) = args.get(i + 1) {
                named.push(config_file(value));
                i += 1;
            }
        } else if matches!(arg, "-b" | "--build") {
            build = true;
        } else if !arg.starts_with('-') && !arg.is_empty() {
            positional.push(arg);
        }
        i += 1;
    }
    // In build mode the positional arguments are projects; otherwise they are files, and tsc
    // then reads no config at all.
    if build {
        named.extend(positional.iter().map(|p| config_file(p)));
    } else if !positional.is_empty() && named.is_empty() {
        return None;
    }
    if named.is_empty() {
        named.push(crate::discover::CONFIG_NAME.to_owned());
    }
    Some(ScriptRun {
        compiler,
        configs: named,
        build,
    })
}

/// A config argument as a file: `x` and `x/` mean `x/tsconfig.json`.
fn config_file(value: &str) -> String {
    let value = value.trim_start_matches("./").trim_end_matches('/');
    if value.ends_with(".json") {
        value.to_owned()
    } else if value.is_empty() || value == "." {
        crate::discover::CONFIG_NAME.to_owned()
    } else {
        format!("{value}/{}", crate::discover::CONFIG_NAME)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn configs(script: &str) -> Vec<(String, Vec<String>, bool)> {
        runs(script)
            .into_iter()
            .map(|r| (r.compiler, r.configs, r.build))
            .collect()
    }

    fn one(compiler: &str, configs: &[&str], build: bool) -> (String, Vec<String>, bool) {
        (
            compiler.to_owned(),
            configs.iter().map(|c| (*c).to_owned()).collect(),
            build,
        )
    }

    #[test]
    fn project_flags_name_configs() {
        assert_eq!(
            configs("tsc -p tsconfig.spec.json && vitest --run"),
            [one("tsc", &["tsconfig.spec.json"], false)]
        );
        assert_eq!(
            configs("tsgo -p tsconfig.json --noEmit"),
            [one("tsgo", &["tsconfig.json"], false)]
        );
        assert_eq!(
            configs("npx tsc --project=./config/ --noEmit"),
            [one("tsc", &["config/tsconfig.json"], false)]
        );
        assert_eq!(
            configs("cross-env X=1 vue-tsc --noEmit"),
            [one("vue-tsc", &["tsconfig.json"], false)]
        );
        assert_eq!(
            configs("node_modules/.bin/tsc -b packages/a packages/b/tsconfig.build.json"),
            [one(
                "tsc",
                &["packages/a/tsconfig.json", "packages/b/tsconfig.build.json"],
                true
            )]
        );
        assert_eq!(
            configs("tsc -b; tsc -p \"tsconfig.test.json\""),
            [
                one("tsc", &["tsconfig.json"], true),
                one("tsc", &["tsconfig.test.json"], false)
            ]
        );
    }

    #[test]
    fn other_commands_and_file_mode_name_none() {
        assert!(configs("vitest run && eslint src").is_empty());
        assert!(configs("tsc src/index.ts --outDir x").is_empty());
        assert!(configs("tsx scripts/gen.ts").is_empty());
    }
}
