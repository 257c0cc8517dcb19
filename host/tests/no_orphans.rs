//! No process a check starts outlives the host, however the host ends: a SIGTERM, SIGINT or
//! SIGHUP (exit code 128 + signal), a SIGKILL, or a normal end with a grandchild that left the
//! engine's process group with `setsid`. An engine that floods its output is killed the moment
//! it passes the cap, not at its timeout. Each test finds the processes of its run by a `sleep`
//! argument no other process uses, and kills whatever is left even when it fails.

mod support;

use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::ExitStatusExt;
use std::path::PathBuf;
use std::process::{Child, ExitStatus, Stdio};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use support::{PluginDir, fixture};

/// A `sleep` argument no other process on the machine uses.
fn unique_seconds() -> String {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .subsec_nanos();
    format!("300.{}{:09}", std::process::id(), nanos)
}

/// Processes whose command line is exactly `words`.
fn processes(words: &[&str]) -> Vec<i32> {
    let wanted: Vec<u8> = words
        .iter()
        .flat_map(|w| [w.as_bytes(), b"\0"].concat())
        .collect();
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(Result::ok)
        .filter_map(|e| e.file_name().to_str()?.parse::<i32>().ok())
        .filter(|pid| {
            std::fs::read(format!("/proc/{pid}/cmdline")).is_ok_and(|cmdline| cmdline == wanted)
        })
        .collect()
}

/// A process's stat line, for messages.
fn describe(pid: i32) -> String {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default()
}

/// Polls `done` every 10 ms until it holds or `limit` has passed; returns whether it held.
fn wait_for(limit: Duration, mut done: impl FnMut() -> bool) -> bool {
    let deadline = Instant::now() + limit;
    loop {
        if done() {
            return true;
        }
        if Instant::now() >= deadline {
            return false;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// A host started by a test, and the command lines its run leaves behind: whatever happens to
/// the test, dropping this kills the host and every such process.
struct Host {
    child: Child,
    leftovers: Vec<Vec<String>>,
    _dir: tempfile::TempDir,
    root: PathBuf,
    _plugins: PluginDir,
}

impl Host {
    fn pid(&self) -> i32 {
        self.child.id() as i32
    }

    fn signal(&self, signal: i32) {
        // SAFETY: signals the host this test started (not yet reaped: `child` still owns it).
        unsafe { libc::kill(self.pid(), signal) };
    }

    /// Waits (ten seconds at most) for the host to exit.
    fn exit_status(&mut self) -> ExitStatus {
        let mut status = None;
        wait_for(Duration::from_secs(10), || {
            status = self.child.try_wait().unwrap();
            status.is_some()
        });
        status.expect("the host exits within ten seconds")
    }

    /// The processes of the run still alive, by command line.
    fn left(&self) -> Vec<i32> {
        self.leftovers
            .iter()
            .flat_map(|words| processes(&words.iter().map(String::as_str).collect::<Vec<_>>()))
            .collect()
    }

    /// Whether the run's processes are all gone within `limit`.
    fn leaves_nothing_within(&self, limit: Duration) -> bool {
        wait_for(limit, || self.left().is_empty())
    }
}

impl Drop for Host {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        for pid in self.left() {
            // SAFETY: kills a process this test's run left behind.
            unsafe { libc::kill(pid, libc::SIGKILL) };
        }
    }
}

/// A project with one text file, the given config (built-in engines off; `@TOOL@` stands for
/// the tool's path) and, if given, an executable `tool` script.
fn project(config: &str, tool: Option<&str>) -> (tempfile::TempDir, PathBuf) {
    let dir = support::temp_project();
    let root = support::canonical(dir.path());
    std::fs::write(root.join("notes.txt"), "a note\n").unwrap();
    let path = root.join("tool");
    let config = config.replace("@TOOL@", &path.display().to_string());
    if let Some(script) = tool {
        std::fs::write(&path, script).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    std::fs::write(
        root.join("signalint.toml"),
        format!(
            "[engines.oxlint]\nenabled = false\n\n[engines.tsc]\nenabled = false\n\n\
             [engines.biome]\nenabled = false\n\n{config}"
        ),
    )
    .unwrap();
    (dir, root)
}

/// A tool for the fault engine: answers its version probe (`-c 'echo 1.0.0'`), else runs `body`.
fn tool(body: &str) -> String {
    format!("#!/bin/sh\ncase \"$2\" in \"echo 1.0.0\") echo 1.0.0; exit 0;; esac\n{body}\n")
}

/// Shell that starts `setsid sleep <seconds>` (its own session, out of the engine's group) and
/// waits until it has left the group, so the test never races the `setsid` call.
fn setsid_sleeper(seconds: &str) -> String {
    format!(
        "setsid sleep {seconds} </dev/null >/dev/null 2>&1 &\n\
         until [ \"$(tr '\\0' ' ' < /proc/$!/cmdline 2>/dev/null)\" = 'sleep {seconds} ' ]; \
         do sleep 0.01; done"
    )
}

/// Starts `signalint <args>` on the project, with the fault engine on the plugin path.
fn start(dir: tempfile::TempDir, root: PathBuf, args: &[&str], leftovers: &[&[&str]]) -> Host {
    launch(dir, root, args, leftovers, None, Stdio::null())
}

/// [`start`], with `ignored` ignored in the host from its start (as `nohup` does for SIGHUP)
/// and the given stdin.
fn launch(
    dir: tempfile::TempDir,
    root: PathBuf,
    args: &[&str],
    leftovers: &[&[&str]],
    ignored: Option<i32>,
    stdin: Stdio,
) -> Host {
    let plugins = PluginDir::new();
    plugins.add(fixture::FAULT_ENGINE, "fault_engine");
    let mut command = support::signalint(Some(plugins.path()));
    command
        // Configs that name a tool take effect only when trusted.
        .env("SIGNALINT_TRUST", "1")
        .arg("--root")
        .arg(&root)
        .args(args)
        .stdin(stdin)
        .stdout(std::fs::File::create(root.join("stdout.json")).unwrap())
        .stderr(Stdio::null());
    {
        use std::os::unix::process::CommandExt;
        // SAFETY: signal() is async-signal-safe and changes only the new process.
        unsafe {
            command.pre_exec(move || {
                // The host starts with the signals it is sent at their default action, whatever
                // the test runner inherited: a shell starts a background job (`scripts/test &`)
                // with SIGINT ignored, and the host rightly keeps an inherited ignore.
                for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
                    libc::signal(signal, libc::SIG_DFL);
                }
                if let Some(signal) = ignored {
                    libc::signal(signal, libc::SIG_IGN);
                }
                Ok(())
            });
        }
    }
    Host {
        child: command.spawn().expect("start signalint"),
        leftovers: leftovers
            .iter()
            .map(|words| words.iter().map(|w| (*w).to_owned()).collect())
            .collect(),
        _dir: dir,
        root,
        _plugins: plugins,
    }
}

/// A check whose engine hangs with a child and a grandchild, and, with `detached`, a
/// grandchild in a session of its own.
fn hanging_check(seconds: &str, detached: Option<&str>) -> Host {
    let (config, script) = match detached {
        None => (
            format!(
                "[engines.hang]\nplugin = \"fault-engine\"\ntimeout_secs = 120\n\
                 options = {{ mode = \"hang\", seconds = \"{seconds}\" }}\n"
            ),
            None,
        ),
        Some(other) => (
            "[engines.hang]\nplugin = \"fault-engine\"\ntimeout_secs = 120\ntool = \"@TOOL@\"\n"
                .to_owned(),
            Some(tool(&format!(
                "{}\nsleep {seconds} &\nsleep {seconds}",
                setsid_sleeper(other)
            ))),
        ),
    };
    let (dir, root) = project(&config, script.as_deref());
    let mut leftovers: Vec<&[&str]> = Vec::new();
    let own = ["sleep", seconds];
    leftovers.push(&own);
    let extra = detached.map(|other| ["sleep", other]);
    if let Some(extra) = &extra {
        leftovers.push(extra);
    }
    start(dir, root, &["check", "--format", "json"], &leftovers)
}

/// Sends `signal` to a host whose engine hangs (and whose run holds `expected` sleepers) and
/// checks that the host exits with 128 + signal (or dies, for SIGKILL) and leaves nothing.
fn signal_leaves_nothing(mut host: Host, signal: i32, expected: usize) {
    assert!(
        wait_for(Duration::from_secs(60), || host.left().len() == expected),
        "the engine never started its {expected} processes: {:?}",
        host.left()
    );
    let sent = Instant::now();
    host.signal(signal);
    let status = host.exit_status();
    assert!(
        host.leaves_nothing_within(Duration::from_secs(2)),
        "processes outlived the host ({status:?}) by {:?}: {:?}",
        sent.elapsed(),
        host.left()
            .iter()
            .map(|pid| describe(*pid))
            .collect::<Vec<_>>()
    );
    if signal == libc::SIGKILL {
        assert_eq!(status.signal(), Some(libc::SIGKILL), "{status:?}");
    } else {
        assert_eq!(status.code(), Some(128 + signal), "{status:?}");
    }
}

#[test]
fn sigterm_of_the_host_kills_a_hanging_engine_and_its_children() {
    let seconds = unique_seconds();
    signal_leaves_nothing(hanging_check(&seconds, None), libc::SIGTERM, 2);
}

#[test]
fn sigint_of_the_host_kills_a_hanging_engine_and_its_children() {
    let seconds = unique_seconds();
    signal_leaves_nothing(hanging_check(&seconds, None), libc::SIGINT, 2);
}

#[test]
fn sighup_of_the_host_kills_a_hanging_engine_and_its_children() {
    let seconds = unique_seconds();
    signal_leaves_nothing(hanging_check(&seconds, None), libc::SIGHUP, 2);
}

#[test]
fn sigkill_of_the_host_kills_a_hanging_engine_and_its_children() {
    let seconds = unique_seconds();
    signal_leaves_nothing(hanging_check(&seconds, None), libc::SIGKILL, 2);
}

#[test]
fn a_signal_ignored_from_the_start_stays_ignored() {
    let seconds = unique_seconds();
    let (dir, root) = project(
        &format!(
            "[engines.hang]\nplugin = \"fault-engine\"\ntimeout_secs = 120\n\
             options = {{ mode = \"hang\", seconds = \"{seconds}\" }}\n"
        ),
        None,
    );
    let mut host = launch(
        dir,
        root,
        &["check", "--format", "json"],
        &[&["sleep", &seconds]],
        Some(libc::SIGHUP),
        Stdio::null(),
    );
    assert!(
        wait_for(Duration::from_secs(60), || host.left().len() == 2),
        "the engine never started"
    );
    host.signal(libc::SIGHUP);
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(
        host.child.try_wait().unwrap(),
        None,
        "a SIGHUP under nohup ended the host"
    );
    assert_eq!(
        host.left().len(),
        2,
        "a SIGHUP under nohup ended the engine"
    );
    signal_leaves_nothing(host, libc::SIGTERM, 2);
}

#[test]
fn sigterm_of_the_host_kills_a_grandchild_that_left_the_group() {
    let seconds = unique_seconds();
    let detached = format!("{seconds}1");
    signal_leaves_nothing(hanging_check(&seconds, Some(&detached)), libc::SIGTERM, 3);
}

#[test]
fn sigkill_of_the_host_kills_a_grandchild_that_left_the_group() {
    let seconds = unique_seconds();
    let detached = format!("{seconds}1");
    signal_leaves_nothing(hanging_check(&seconds, Some(&detached)), libc::SIGKILL, 3);
}

#[test]
fn a_grandchild_that_left_the_group_dies_when_its_engine_ends() {
    let detached = unique_seconds();
    let (dir, root) = project(
        "[engines.quits]\nplugin = \"fault-engine\"\ntimeout_secs = 60\ntool = \"@TOOL@\"\n",
        Some(&tool(&format!("{}\nexit 0", setsid_sleeper(&detached)))),
    );
    let mut host = start(
        dir,
        root,
        &["check", "--format", "json"],
        &[&["sleep", &detached]],
    );
    let status = host.exit_status();
    let json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(host.root.join("stdout.json")).unwrap()).unwrap();
    assert_eq!(
        json["engines"]["quits"]["status"], "ok",
        "{status:?} {json:#}"
    );
    assert!(
        host.leaves_nothing_within(Duration::from_secs(1)),
        "the detached grandchild outlived the check: {:?}",
        host.left()
    );
}

#[test]
fn sigterm_of_the_mcp_server_kills_the_engines_of_a_check_in_progress() {
    use std::io::Write;
    let seconds = unique_seconds();
    let (dir, root) = project(
        &format!(
            "[engines.hang]\nplugin = \"fault-engine\"\ntimeout_secs = 120\n\
             options = {{ mode = \"hang\", seconds = \"{seconds}\" }}\n"
        ),
        None,
    );
    let mut host = launch(
        dir,
        root,
        &["mcp"],
        &[&["sleep", &seconds]],
        None,
        Stdio::piped(),
    );
    let requests = [
        r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"no-orphans","version":"0"}}}"#,
        r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
        r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"check_project","arguments":{}}}"#,
    ];
    let stdin = host.child.stdin.as_mut().expect("piped stdin");
    for request in requests {
        writeln!(stdin, "{request}").unwrap();
    }
    stdin.flush().unwrap();
    signal_leaves_nothing(host, libc::SIGTERM, 2);
}

#[test]
fn sigterm_of_the_host_kills_a_live_mcp_server_and_its_children() {
    let seconds = unique_seconds();
    let detached = format!("{seconds}1");
    let (dir, root) = project(
        "",
        Some(&format!(
            "#!/bin/sh\n{}\nsleep {seconds} &\nsleep {seconds}\n",
            setsid_sleeper(&detached)
        )),
    );
    let server = root.join("tool").display().to_string();
    let host = start(
        dir,
        root,
        &["tools", "scan", "--server", &server, "--timeout", "120"],
        &[&["sleep", &seconds], &["sleep", &detached]],
    );
    signal_leaves_nothing(host, libc::SIGTERM, 3);
}

/// Whether `pid` is running (a zombie is not).
fn running(pid: i32) -> bool {
    describe(pid)
        .rsplit_once(") ")
        .is_some_and(|(_, rest)| !rest.starts_with('Z') && !rest.starts_with('X'))
}

#[test]
fn a_flooding_engine_is_killed_as_soon_as_it_passes_the_cap() {
    let marker = format!("flood-{}", unique_seconds());
    let (dir, root) = project(
        "[check]\nmax_output_mib = 1\n\n\
         [engines.flood]\nplugin = \"fault-engine\"\ntimeout_secs = 10\ntool = \"@TOOL@\"\n",
        Some(&tool(&format!(
            "echo \"$$ $(date +%s%N)\" > \"$(dirname \"$0\")/started\"\nexec yes {marker}"
        ))),
    );
    let started_file = root.join("started");
    let mut host = start(
        dir,
        root,
        &["check", "--format", "json"],
        &[&["yes", &marker]],
    );
    // The flood passes 1 MiB within milliseconds of its start (`yes` writes hundreds of MiB a
    // second into a pipe): it must be dead within a second of that start.
    let mut started = None;
    assert!(
        wait_for(Duration::from_secs(60), || {
            started = std::fs::read_to_string(&started_file)
                .ok()
                .and_then(|text| {
                    let (pid, nanos) = text.trim().split_once(' ')?;
                    Some((pid.parse::<i32>().ok()?, nanos.parse::<u128>().ok()?))
                });
            started.is_some()
        }),
        "the flood never started"
    );
    let (pid, nanos) = started.unwrap();
    assert!(
        wait_for(Duration::from_secs(40), || !running(pid)),
        "the flood is still running"
    );
    let gone = SystemTime::now().duration_since(UNIX_EPOCH).unwrap();
    let ran = Duration::from_nanos(gone.as_nanos().saturating_sub(nanos) as u64);
    assert!(ran < Duration::from_secs(1), "the flood ran for {ran:?}");

    let status = host.exit_status();
    assert!(
        host.leaves_nothing_within(Duration::from_secs(1)),
        "the flood outlived the check: {:?}",
        host.left()
    );
    let json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(host.root.join("stdout.json")).unwrap()).unwrap();
    let flood = &json["engines"]["flood"];
    assert_eq!(flood["status"], "error", "{status:?} {json:#}");
    let message = flood["message"].as_str().unwrap();
    assert!(
        message.contains("flood output exceeded the 1 MiB"),
        "{message}"
    );
}
