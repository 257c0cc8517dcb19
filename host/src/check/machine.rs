//! Facts about the machine that adapters size their runs by. Adapters do no IO, so the host
//! measures them and sends them in every plan request.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use signalint_plugin_api::Machine;

/// The cores this process may use and the machine's memory, measured once per process (every
/// check plans again).
pub(crate) fn facts() -> Machine {
    static FACTS: OnceLock<Machine> = OnceLock::new();
    *FACTS.get_or_init(|| {
        let cores = std::thread::available_parallelism()
            .ok()
            .and_then(|n| u32::try_from(n.get()).ok());
        Machine::new(cores, physical_memory())
    })
}

/// The variables among `names` that are set in this process's environment, with their values.
pub(crate) fn env(names: &[String]) -> BTreeMap<String, String> {
    names
        .iter()
        .filter_map(|name| {
            let value = std::env::var_os(name)?;
            Some((name.clone(), value.to_string_lossy().into_owned()))
        })
        .collect()
}

/// Total physical memory (Linux `/proc/meminfo`); `None` elsewhere.
fn physical_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    parse_mem_total(&info)
}

fn parse_mem_total(meminfo: &str) -> Option<u64> {
    let kib: u64 = meminfo
        .lines()
        .find_map(|line| line.strip_prefix("MemTotal:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kib * 1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_is_read_from_meminfo() {
        assert_eq!(
            parse_mem_total("MemTotal:        8056380 kB\nMemFree: 1 kB\n"),
            Some(8056380 * 1024)
        );
        assert_eq!(parse_mem_total("MemFree: 1 kB\n"), None);
    }

    #[test]
    fn the_machine_is_measured() {
        let machine = facts();
        assert!(machine.cores.is_some_and(|n| n >= 1), "{machine:?}");
        #[cfg(target_os = "linux")]
        assert!(machine.memory_bytes.is_some_and(|b| b > 0), "{machine:?}");
    }

    #[test]
    fn only_declared_variables_that_are_set_are_passed() {
        let path = std::env::var("PATH").expect("tests run with a PATH");
        let names = vec![
            "PATH".to_owned(),
            "SIGNALINT_SURELY_UNSET_VARIABLE".to_owned(),
        ];
        assert_eq!(env(&names), BTreeMap::from([("PATH".to_owned(), path)]));
    }
}
