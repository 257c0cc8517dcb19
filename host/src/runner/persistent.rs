//! Long-lived processes: a persistent engine (a language server) that outlives one check but
//! never the host.
//!
//! It gets what every run gets, except the timeout and the concurrency slot (it would hold one
//! for its whole life; each request to it has its own deadline instead): its own process
//! group, registered with [`super::tree`] (killed on the host's signals, adopted orphans
//! swept, the watchdog told), the parent-death signal, the scrubbed environment, and its
//! group killed when the handle drops. Stdin and stdout belong to the protocol; stderr is
//! drained into a bounded tail, so the process never blocks on a full pipe.

use std::collections::VecDeque;
use std::process::Stdio;
use std::sync::{Arc, Mutex};

use tokio::io::AsyncReadExt;
use tokio::process::{Child, ChildStdin, ChildStdout};

use super::{Command, Runner, SpawnError, prepare, scrubbed_environment};

/// The bytes of stderr kept for messages.
const STDERR_TAIL_BYTES: usize = 16 * 1024;

/// A running persistent process. Dropping it kills its process group.
#[derive(Debug)]
pub struct Persistent {
    pub stdin: Option<ChildStdin>,
    pub stdout: Option<ChildStdout>,
    child: Child,
    stderr: Arc<Mutex<VecDeque<u8>>>,
    pid: u32,
    // Dropped after the child: kills the group and ends its registration.
    _group: super::Tracked,
}

impl Persistent {
    /// The group leader's pid.
    pub fn pid(&self) -> u32 {
        self.pid
    }

    /// Whether the process has exited (then with its status).
    pub fn exited(&mut self) -> Option<std::process::ExitStatus> {
        self.child.try_wait().ok().flatten()
    }

    /// The last lines of what the process wrote to stderr.
    pub fn stderr_tail(&self, lines: usize) -> String {
        let bytes: Vec<u8> = self
            .stderr
            .lock()
            .map(|tail| tail.iter().copied().collect())
            .unwrap_or_default();
        super::tail(&String::from_utf8_lossy(&bytes), lines)
    }

    /// The resident memory of every process in its group, in bytes (`/proc`); `None` where
    /// it cannot be read.
    pub fn rss_bytes(&self) -> Option<u64> {
        group_rss_bytes(self.pid as i32)
    }
}

impl Runner {
    /// Starts `command` as a persistent process with piped stdin and stdout
    /// (`command.timeout` and `command.demotion` do not apply: the caller bounds each
    /// exchange).
    pub async fn spawn_persistent(&self, command: &Command) -> Result<Persistent, SpawnError> {
        let mut process = tokio::process::Command::new(&command.program);
        process
            .args(&command.args)
            .env_clear()
            .envs(scrubbed_environment())
            .envs(&command.env)
            .current_dir(&command.cwd)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        prepare(&mut process);
        let (mut child, group) = self.spawn_recorded(&mut process, command).await?;
        let pid = child.id().unwrap_or_default();
        let stderr = Arc::new(Mutex::new(VecDeque::new()));
        if let Some(mut pipe) = child.stderr.take() {
            let tail = stderr.clone();
            tokio::spawn(async move {
                let mut buffer = [0u8; 4096];
                while let Ok(n) = pipe.read(&mut buffer).await {
                    if n == 0 {
                        break;
                    }
                    if let Ok(mut tail) = tail.lock() {
                        tail.extend(&buffer[..n]);
                        let excess = tail.len().saturating_sub(STDERR_TAIL_BYTES);
                        tail.drain(..excess);
                    }
                }
            });
        }
        Ok(Persistent {
            stdin: child.stdin.take(),
            stdout: child.stdout.take(),
            child,
            stderr,
            pid,
            _group: group,
        })
    }
}

/// The summed `VmRSS` of the processes whose process group is `group`.
fn group_rss_bytes(group: i32) -> Option<u64> {
    let mut total = None;
    for entry in std::fs::read_dir("/proc").ok()?.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<i32>().ok())
        else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
            continue;
        };
        // The command name may hold spaces and parentheses: fields count from the last `)`.
        let fields: Vec<&str> = stat
            .rsplit_once(')')
            .map(|(_, rest)| rest.split_whitespace().collect())
            .unwrap_or_default();
        // After the name: state, ppid, pgrp.
        if fields.get(2).and_then(|p| p.parse::<i32>().ok()) != Some(group) {
            continue;
        }
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
        let kib = status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.split_whitespace().next()?.parse::<u64>().ok());
        if let Some(kib) = kib {
            *total.get_or_insert(0) += kib * 1024;
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

    #[tokio::test]
    async fn a_persistent_process_answers_is_measured_and_dies_with_its_handle() {
        let runner = Runner::new(1, 1 << 20);
        let command = Command::new(
            "sh".into(),
            vec!["-c".into(), "echo starting >&2; exec cat".into()],
            std::env::temp_dir(),
            std::time::Duration::from_secs(1),
        );
        let mut process = runner.spawn_persistent(&command).await.unwrap();
        let pid = process.pid() as i32;
        let mut stdin = process.stdin.take().unwrap();
        let mut stdout = BufReader::new(process.stdout.take().unwrap());
        stdin.write_all(b"ping\n").await.unwrap();
        let mut line = String::new();
        stdout.read_line(&mut line).await.unwrap();
        assert_eq!(line, "ping\n");
        assert!(process.rss_bytes().unwrap() > 0);
        assert!(super::super::live_groups().contains(&pid));
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
        while process.stderr_tail(1).is_empty() && std::time::Instant::now() < deadline {
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        assert_eq!(process.stderr_tail(1), "starting");
        assert!(process.exited().is_none());
        drop(process);
        assert!(!super::super::live_groups().contains(&pid));
        // Killed: gone, or a zombie until it is reaped.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
        let alive = || {
            std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
                !stat
                    .rsplit_once(')')
                    .is_some_and(|(_, r)| r.trim_start().starts_with('Z'))
            })
        };
        while alive() && std::time::Instant::now() < deadline {
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        assert!(!alive(), "the persistent process outlived its handle");
    }
}
