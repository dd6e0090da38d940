//! What machine a measurement ran on.

use std::fs;
use std::process::Command;

/// One line describing the machine: logical CPUs as `nproc` counts them, and the CPU model
/// from `/proc/cpuinfo`.
pub fn describe() -> String {
    format!("{} logical CPUs (nproc), {}", nproc(), cpu_model())
}

/// The CPUs this process may use: `nproc`'s answer, or the standard library's if `nproc`
/// cannot be run.
fn nproc() -> String {
    Command::new("nproc")
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| {
            std::thread::available_parallelism()
                .map(|n| n.to_string())
                .unwrap_or_else(|_| "?".to_string())
        })
}

/// The first `model name` of `/proc/cpuinfo`, or `unknown CPU`.
fn cpu_model() -> String {
    fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|text| {
            text.lines()
                .filter_map(|l| l.split_once(':'))
                .find(|(key, _)| key.trim() == "model name")
                .map(|(_, value)| value.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".to_string())
}
