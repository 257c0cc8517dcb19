//! The oxlint command line.

use signalint_plugin_api::{Invocation, Plan, PlanRequest};

/// Arguments per invocation are kept under this many bytes, far below Linux's limit, so a
/// large project is split into several runs the host can run side by side.
const MAX_ARG_BYTES: usize = 96 * 1024;

/// One invocation per batch of files:
/// `oxlint --format=json --no-error-on-unmatched-pattern --ignore-pattern=**/node_modules/** [args] -- files…`.
///
/// `--no-error-on-unmatched-pattern` keeps the "No files found" banner out of stdout; the
/// ignore pattern is needed because oxlint 1.x lints `node_modules` when it is not gitignored.
pub fn plan_invocations(request: &PlanRequest) -> Plan {
    let mut base = request.tool.prefix_args.clone();
    base.extend(
        [
            "--format=json",
            "--no-error-on-unmatched-pattern",
            "--ignore-pattern=**/node_modules/**",
        ]
        .map(String::from),
    );
    base.extend(request.extra_args.iter().cloned());
    base.push("--".into());

    let mut invocations = Vec::new();
    let mut batch: Vec<String> = Vec::new();
    let mut batch_bytes = 0;
    for file in &request.files {
        if !batch.is_empty() && batch_bytes + file.len() + 1 > MAX_ARG_BYTES {
            invocations.push(invocation(request, &base, std::mem::take(&mut batch)));
            batch_bytes = 0;
        }
        batch_bytes += file.len() + 1;
        batch.push(file.clone());
    }
    if !batch.is_empty() {
        invocations.push(invocation(request, &base, batch));
    }
    Plan::new(invocations)
}

fn invocation(request: &PlanRequest, base: &[String], files: Vec<String>) -> Invocation {
    let mut args = base.to_vec();
    args.extend(files.iter().cloned());
    Invocation::new(&request.tool.program, args)
        .with_label(format!("{} files", files.len()))
        .with_covers(files)
}

#[cfg(test)]
mod tests {
    use signalint_plugin_api::ResolvedTool;

    use super::*;

    fn request(files: Vec<String>) -> PlanRequest {
        let tool = ResolvedTool::new("node", "1.94.0")
            .with_prefix_args(vec!["/p/node_modules/oxlint/bin/oxlint".into()]);
        PlanRequest::new("/p", tool, files, "/p/.signalint/work")
            .with_extra_args(vec!["--threads=1".into()])
    }

    #[test]
    fn explicit_format_and_separator_before_files() {
        let plan = plan_invocations(&request(vec!["src/a.ts".into(), "-weird.ts".into()]));
        assert_eq!(plan.invocations.len(), 1);
        let args = &plan.invocations[0].args;
        assert_eq!(args[0], "/p/node_modules/oxlint/bin/oxlint");
        assert!(args.contains(&"--format=json".to_owned()));
        assert!(args.contains(&"--threads=1".to_owned()));
        let separator = args.iter().position(|a| a == "--").unwrap();
        assert_eq!(&args[separator + 1..], ["src/a.ts", "-weird.ts"]);
        assert_eq!(plan.invocations[0].covers, ["src/a.ts", "-weird.ts"]);
    }

    #[test]
    fn large_file_lists_are_split() {
        let files: Vec<String> = (0..10_000)
            .map(|i| format!("src/deeply/nested/file{i}.ts"))
            .collect();
        let plan = plan_invocations(&request(files.clone()));
        assert!(plan.invocations.len() > 1);
        let covered: Vec<String> = plan
            .invocations
            .iter()
            .flat_map(|i| i.covers.clone())
            .collect();
        assert_eq!(covered, files);
    }

    #[test]
    fn no_files_no_run() {
        assert!(plan_invocations(&request(vec![])).invocations.is_empty());
    }
}
