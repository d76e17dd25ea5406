//! The solution against the interactor on every case of samples/NAME (what `make check`
//! does, without its limits): each conversation must end with the interactor's exit 0.

use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

const SOLVER: &str = env!("CARGO_BIN_EXE_NAME");
const INTERACTOR: &str = env!("CARGO_BIN_EXE_NAME-interactor");

#[test]
fn the_interactor_accepts_every_case() {
    let package = Path::new(env!("CARGO_MANIFEST_DIR"));
    let samples = package.join("../../samples/NAME");
    let mut cases: Vec<_> = fs::read_dir(&samples)
        .map(|entries| entries.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    cases.retain(|p| p.extension().map_or(false, |e| e == "in"));
    cases.sort();
    for case in cases {
        let mut solver = Command::new(SOLVER)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut interactor = Command::new(INTERACTOR)
            .arg(&case)
            .arg(std::env::temp_dir().join("NAME-interactor.tout"))
            .stdin(Stdio::from(solver.stdout.take().unwrap()))
            .stdout(Stdio::from(solver.stdin.take().unwrap()))
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let give_up = Instant::now() + Duration::from_secs(10);
        let status = loop {
            if let Some(status) = interactor.try_wait().unwrap() {
                break status;
            }
            if Instant::now() > give_up {
                let _ = interactor.kill();
                let _ = solver.kill();
                panic!("{}: no end after 10 s (a missing flush?)", case.display());
            }
            thread::sleep(Duration::from_millis(10));
        };
        let _ = solver.kill();
        let _ = solver.wait();
        let out = interactor.wait_with_output().unwrap();
        assert!(
            status.success(),
            "{}: {}",
            case.display(),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
