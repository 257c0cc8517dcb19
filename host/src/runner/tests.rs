use std::path::PathBuf;
use std::time::Duration;

use super::*;

fn sh(script: &str, timeout: Duration) -> Command {
    Command::new(
        "sh".into(),
        vec!["-c".into(), script.into()],
        PathBuf::from("/"),
        timeout,
    )
}

fn alive(pid: i32) -> bool {
    // A zombie still answers kill(0); read its state to tell.
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => !stat
            .split(") ")
            .nth(1)
            .is_some_and(|rest| rest.starts_with('Z')),
        Err(_) => false,
    }
}

#[tokio::test]
async fn captures_output_and_exit_code() {
    let runner = Runner::new(2, 1024);
    let out = runner
        .run(
            &sh("echo out; echo err >&2; exit 3", Duration::from_secs(10)),
            &CancellationToken::new(),
        )
        .await
        .unwrap();
    assert_eq!(out.ending, Ending::Exited(Some(3)));
    assert_eq!(out.stdout, "out\n");
    assert_eq!(out.stderr, "err\n");
    assert!(!out.truncated);
    assert_eq!(runner.spawn_count(), 1);
}

#[tokio::test]
async fn timeout_kills_the_whole_group() {
    let runner = Runner::new(2, 1024);
    let out = runner
        .run(
            &sh("sleep 30 & echo $!; sleep 31", Duration::from_millis(300)),
            &CancellationToken::new(),
        )
        .await
        .unwrap();
    assert_eq!(out.ending, Ending::TimedOut);
    let grandchild: i32 = out.stdout.trim().parse().expect("the grandchild's pid");
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert!(
        !alive(grandchild),
        "the grandchild {grandchild} outlived the timeout"
    );
}

#[tokio::test]
async fn cancellation_kills_the_group() {
    let runner = Runner::new(2, 1024);
    let cancel = CancellationToken::new();
    let trigger = cancel.clone();
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(200)).await;
        trigger.cancel();
    });
    let out = runner
        .run(
            &sh("sleep 30 & echo $!; wait", Duration::from_secs(30)),
            &cancel,
        )
        .await
        .unwrap();
    assert_eq!(out.ending, Ending::Cancelled);
    let grandchild: i32 = out.stdout.trim().parse().unwrap();
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert!(!alive(grandchild));
}

#[tokio::test]
async fn output_past_the_cap_kills_the_run_at_once() {
    let runner = Runner::new(1, 1000);
    for stream in ["", ">&2"] {
        let started = Instant::now();
        let out = runner
            .run(
                &sh(
                    &format!("head -c 5000 /dev/zero | tr '\\0' x {stream}; sleep 30"),
                    Duration::from_secs(20),
                ),
                &CancellationToken::new(),
            )
            .await
            .unwrap();
        assert_eq!(out.ending, Ending::OutputExceeded, "{stream}");
        assert!(out.truncated);
        assert_eq!(out.stdout.len() + out.stderr.len(), 1000, "{stream}");
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "the run went on past the cap: {:?}",
            started.elapsed()
        );
    }
}

#[tokio::test]
async fn output_up_to_the_cap_is_kept_whole() {
    let runner = Runner::new(1, 1000);
    let out = runner
        .run(
            &sh(
                "head -c 1000 /dev/zero | tr '\\0' x",
                Duration::from_secs(20),
            ),
            &CancellationToken::new(),
        )
        .await
        .unwrap();
    assert_eq!(out.ending, Ending::Exited(Some(0)));
    assert_eq!(out.stdout.len(), 1000);
    assert!(!out.truncated);
}

/// Waits (five seconds at most) for `path` to hold a pid.
async fn pid_in(path: &std::path::Path) -> i32 {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        if let Some(pid) = std::fs::read_to_string(path)
            .ok()
            .and_then(|text| text.trim().parse().ok())
        {
            return pid;
        }
        assert!(Instant::now() < deadline, "no pid in {}", path.display());
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

#[tokio::test]
async fn a_running_group_is_registered_until_its_run_ends() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("pid");
    let runner = Runner::new(1, 1000);
    let command = sh(
        &format!("echo $$ > '{}'; sleep 0.5", file.display()),
        Duration::from_secs(10),
    );
    let cancel = CancellationToken::new();
    let run = runner.run(&command, &cancel);
    tokio::pin!(run);
    let pid = tokio::select! {
        out = &mut run => panic!("the run ended first: {out:?}"),
        pid = pid_in(&file) => pid,
    };
    assert!(live_groups().contains(&pid), "{pid} is not registered");
    assert_eq!(run.await.unwrap().ending, Ending::Exited(Some(0)));
    assert!(!live_groups().contains(&pid), "{pid} is still registered");
}

#[test]
fn an_engine_dies_with_the_host_thread_that_started_it() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("pid");
    let script = format!("echo $$ > '{}'; exec sleep 30", file.display());
    let pid = std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async {
            // Leaked, so neither the child's kill-on-drop nor the group guard runs: only the
            // parent-death signal is left to end the process when this thread exits.
            let runner: &'static Runner = Box::leak(Box::new(Runner::new(1, 1000)));
            let command: &'static Command =
                Box::leak(Box::new(sh(&script, Duration::from_secs(60))));
            let cancel: &'static CancellationToken = Box::leak(Box::new(CancellationToken::new()));
            let mut run = Box::pin(runner.run(command, cancel));
            let pid = tokio::select! {
                out = &mut run => panic!("the run ended first: {out:?}"),
                pid = pid_in(&file) => pid,
            };
            std::mem::forget(run);
            pid
        })
    })
    .join()
    .unwrap();
    let deadline = Instant::now() + Duration::from_secs(3);
    while alive(pid) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    let survived = alive(pid);
    // SAFETY: signals and reaps the test's own child.
    unsafe {
        libc::kill(pid, libc::SIGKILL);
        libc::waitpid(pid, std::ptr::null_mut(), 0);
    }
    assert!(!survived, "{pid} outlived the thread that spawned it");
}

#[tokio::test]
async fn missing_program_is_a_spawn_error() {
    let runner = Runner::new(1, 1000);
    let mut command = sh("", Duration::from_secs(1));
    command.program = "/nonexistent/engine".into();
    let err = runner
        .run(&command, &CancellationToken::new())
        .await
        .unwrap_err();
    assert!(err.to_string().contains("/nonexistent/engine"), "{err}");
}

#[tokio::test]
async fn agent_variables_do_not_reach_the_engine() {
    // SAFETY: the test sets a variable no other test reads.
    unsafe { std::env::set_var("CLAUDECODE", "1") };
    let runner = Runner::new(1, 1000);
    let out = runner
        .run(
            &sh(
                "echo \"[${CLAUDECODE:-unset}] [$NO_COLOR]\"",
                Duration::from_secs(5),
            ),
            &CancellationToken::new(),
        )
        .await
        .unwrap();
    assert_eq!(out.stdout.trim(), "[unset] [1]");
}

#[tokio::test]
async fn concurrency_is_bounded() {
    let runner = Runner::new(2, 1000);
    let started = std::time::Instant::now();
    let cancel = CancellationToken::new();
    let runs = (0..4).map(|_| {
        let runner = runner.clone();
        let cancel = cancel.clone();
        async move {
            runner
                .run(&sh("sleep 0.3", Duration::from_secs(5)), &cancel)
                .await
                .unwrap()
        }
    });
    let outs = futures_join_all(runs).await;
    assert_eq!(outs.len(), 4);
    // Four 0.3 s runs, two at a time, take at least two rounds.
    assert!(
        started.elapsed() >= Duration::from_millis(550),
        "{:?}",
        started.elapsed()
    );
}

async fn futures_join_all<F>(futures: impl IntoIterator<Item = F>) -> Vec<F::Output>
where
    F: std::future::Future + Send + 'static,
    F::Output: Send + 'static,
{
    let handles: Vec<_> = futures.into_iter().map(tokio::spawn).collect();
    let mut outputs = Vec::new();
    for handle in handles {
        outputs.push(handle.await.unwrap());
    }
    outputs
}

#[tokio::test]
async fn a_crash_is_told_apart_from_an_exit() {
    let runner = Runner::new(2, 1024);
    let out = runner
        .run(
            &sh("echo partial; kill -SEGV $$", Duration::from_secs(10)),
            &CancellationToken::new(),
        )
        .await
        .unwrap();
    assert_eq!(out.ending, Ending::Signaled(libc::SIGSEGV));
    assert_eq!(out.exit_code(), None);
    assert_eq!(out.stdout, "partial\n");
    assert_eq!(signal_name(libc::SIGSEGV), "SIGSEGV");
    assert_eq!(signal_name(63), "signal 63");
}

/// What `script` prints when the runner starts it at `niceness`.
async fn stdout_at(runner: &Runner, script: &str, niceness: i32) -> String {
    let mut command = sh(script, Duration::from_secs(10));
    command.niceness = niceness;
    let out = runner
        .run(&command, &CancellationToken::new())
        .await
        .unwrap();
    out.stdout
}

#[tokio::test]
async fn background_runs_yield_the_cpu() {
    let runner = Runner::new(2, 1024);
    let niceness = |out: String| out.trim().parse::<i32>().unwrap();
    let normal = niceness(stdout_at(&runner, "nice", 0).await);
    let background = niceness(stdout_at(&runner, "nice", 10).await);
    assert_eq!(background, (normal + 10).min(19));
}

#[tokio::test]
async fn a_demotion_reaches_every_process_of_a_group_still_running() {
    let runner = Runner::new(2, 1024);
    let mut command = sh(
        // A child started before the demotion, and the shell itself after it.
        "(sleep 0.6; nice) & sleep 0.6; nice; wait",
        Duration::from_secs(10),
    );
    command.niceness = 3;
    command.demotion = Some(Demotion {
        after: Duration::from_millis(100),
        niceness: 7,
        only_while: None,
    });
    let out = runner
        .run(&command, &CancellationToken::new())
        .await
        .unwrap();
    let seen: Vec<i32> = out
        .stdout
        .split_whitespace()
        .map(|n| n.parse().unwrap())
        .collect();
    assert_eq!(seen, [7, 7], "{out:?}");
}

#[tokio::test]
async fn a_process_that_ends_first_is_never_demoted() {
    let runner = Runner::new(2, 1024);
    let mut command = sh("nice", Duration::from_secs(10));
    command.demotion = Some(Demotion {
        after: Duration::from_secs(5),
        niceness: 7,
        only_while: None,
    });
    let started = Instant::now();
    let out = runner
        .run(&command, &CancellationToken::new())
        .await
        .unwrap();
    // SAFETY: reads this process's own scheduling priority.
    let own = unsafe { libc::getpriority(libc::PRIO_PROCESS, 0) };
    assert_eq!(out.stdout.trim(), own.to_string());
    assert_eq!(out.ending, Ending::Exited(Some(0)));
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "the run does not wait for the demotion"
    );
}

#[tokio::test]
async fn a_demotion_waits_on_the_processes_it_makes_room_for() {
    let runner = Runner::new(2, 1024);
    let niceness_after_demotion = |running: usize| {
        let mut command = sh("sleep 0.4; nice", Duration::from_secs(10));
        command.niceness = 3;
        command.demotion = Some(Demotion {
            after: Duration::from_millis(100),
            niceness: 7,
            only_while: Some(Arc::new(AtomicUsize::new(running))),
        });
        let runner = &runner;
        async move {
            let out = runner
                .run(&command, &CancellationToken::new())
                .await
                .unwrap();
            out.stdout.trim().parse::<i32>().unwrap()
        }
    };
    assert_eq!(niceness_after_demotion(1).await, 7, "one still running");
    assert_eq!(
        niceness_after_demotion(0).await,
        3,
        "none left: no demotion"
    );
}
