//! Runs that [`crate::exec::run`] does not make: a solution talking with an interactor, a
//! solution in a working folder of its own (file problems), a solution talking with the
//! user's terminal (`make run` of an interactive problem).
//!
//! ```text
//!               socket pair            the tool (relays)             socket pair
//!  solution  stdout ------------> [ solution -> interactor ] ------------> stdin  interactor
//!            stdin  <------------ [ interactor -> solution ] <------------ stdout
//! ```
//!
//! Each program is supervised as [`crate::exec::run::run_captured`] supervises one (own
//! process group, output cap, own peak memory, nothing of it left at the end), on a thread of
//! its own that spawns it, waits for it and reaps it. The tool sits between the two: it
//! relays every byte at once (in the order sent), keeps the last lines of each direction (the
//! transcript) and counts what each side wrote against the output cap. Idleness: when neither
//! program uses CPU and no byte moves, both wait for each other; at the wall-clock cap the run
//! is then called idle, not slow.

use crate::exec::run::{Budget, Exit, Kept, Measured, Stream};
use crate::exec::supervise::{self, Limits, RunId};
use std::borrow::Cow;
use std::collections::VecDeque;
use std::fs::{self, File};
use std::io::{self, BufReader, Read, Write};
use std::os::fd::OwnedFd;
use std::os::unix::net::UnixStream;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, Instant};

/// How often the tool looks for idleness (and nothing else: exits wake it at once).
const TICK: Duration = Duration::from_millis(100);

/// Lines of the transcript kept: the last ones.
pub const TRANSCRIPT_LINES: usize = 40;

/// Bytes of one transcript line kept.
const LINE_BYTES: usize = 200;

/// One side of a conversation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who {
    Solution,
    Interactor,
}

impl Who {
    pub fn name(self) -> &'static str {
        match self {
            Who::Solution => "solution",
            Who::Interactor => "interactor",
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// A stream a program wrote to a file of its run (stderr, or stdout, or a named output
/// file). The file is removed when this is dropped unless it is the program's own output
/// file in its working folder (which goes with that folder).
#[derive(Debug)]
pub struct Spool {
    path: PathBuf,
    pub len: u64,
    owned: bool,
}

impl Spool {
    /// A file the run wrote, kept where it is. Its length is the file's own, a symbolic
    /// link's not followed.
    pub fn at(path: &Path) -> Spool {
        Spool {
            path: path.to_path_buf(),
            len: fs::symlink_metadata(path).map_or(0, |m| m.len()),
            owned: false,
        }
    }

    /// What is at its path, when it is not a regular file: `a symbolic link`, `a folder`,
    /// `a FIFO`, `a device`, `a socket`; `None` for a regular file or nothing.
    pub fn not_regular(&self) -> Option<&'static str> {
        use std::os::unix::fs::FileTypeExt;
        let kind = fs::symlink_metadata(&self.path).ok()?.file_type();
        Some(if kind.is_file() {
            return None;
        } else if kind.is_symlink() {
            "a symbolic link"
        } else if kind.is_dir() {
            "a folder"
        } else if kind.is_fifo() {
            "a FIFO"
        } else if kind.is_socket() {
            "a socket"
        } else {
            "a device"
        })
    }

    /// A file of the run, removed with this.
    fn owned(path: &Path) -> Spool {
        let mut spool = Spool::at(path);
        spool.owned = true;
        spool
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// A buffered reader of it, opened as [`open_output`] opens a program's file.
    pub fn reader(&self) -> io::Result<BufReader<File>> {
        Ok(BufReader::new(open_output(&self.path)?))
    }
}

/// Opens a file a program wrote, for reading, without ever blocking or leaving the run's
/// folder: a symbolic link is not followed (`O_NOFOLLOW`), and anything but a regular file
/// (a FIFO, a device such as `/proc/kmsg`, opened with `O_NONBLOCK`) is refused.
pub fn open_output(path: &Path) -> io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    let file = fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(path)?;
    if !file.metadata()?.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a regular file",
        ));
    }
    Ok(file)
}

impl Kept for Spool {
    fn head(&self, max: usize) -> Cow<'_, [u8]> {
        let mut head = Vec::new();
        if let Ok(file) = open_output(&self.path) {
            let _ = file.take(max as u64).read_to_end(&mut head);
        }
        Cow::Owned(head)
    }
}

impl Drop for Spool {
    fn drop(&mut self) {
        if self.owned {
            let _ = fs::remove_file(&self.path);
            // The run's folder of streams goes with its last file.
            if let Some(folder) = self.path.parent() {
                let _ = fs::remove_dir(folder);
            }
        }
    }
}

/// The folder of the tool's own files of a run whose programs work in `dir` (their stdout
/// and stderr): its sibling `<dir>.streams`, so that no file a program makes in its folder,
/// whatever its name (`solution.stdout`), is ever one of them.
pub fn streams_of(dir: &Path) -> PathBuf {
    let mut name = dir.file_name().unwrap_or_default().to_os_string();
    name.push(".streams");
    dir.with_file_name(name)
}

/// A program to run: where, with what arguments, under what budget.
pub struct Party<'a> {
    pub program: &'a Path,
    pub args: Vec<String>,
    /// Its working folder; its stderr (and stdout, when it goes to a file) is written here.
    pub dir: &'a Path,
    pub budget: Budget,
}

/// What happened to one supervised process.
struct Finished {
    exit: Exit,
    elapsed: Duration,
    cpu: Duration,
    max_rss_kib: u64,
    own_memory: bool,
    /// When it exited.
    at: Instant,
}

/// What the watched thread and the tool share about one process.
#[derive(Default)]
struct Watch {
    pid: Option<i32>,
    /// It has exited (not reaped yet): never signal it again.
    done: bool,
    /// Why the tool killed it, if it did.
    killed: Option<Kill>,
    /// A kill asked for before the pid was known.
    pending: Option<Kill>,
}

/// Why the tool kills a program of a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kill {
    /// The wall-clock cap.
    Deadline,
    /// Its output reached the cap (counted by the relay): it ends as killed by SIGKILL.
    OverCap,
}

/// Something a thread of the run tells the tool.
enum Event {
    Exited(Who),
    OverCap(Who),
}

/// A process supervised on a thread of its own (which is its tracer).
struct Watched {
    state: Arc<Mutex<Watch>>,
    thread: thread::JoinHandle<io::Result<Finished>>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Watched {
    /// Spawns `command` on a new thread, supervised under `limits` (output cap, stack); `Exited`
    /// is sent when it has exited (or could not start).
    fn start(mut command: Command, limits: Limits, who: Who, events: Sender<Event>) -> Watched {
        let state = Arc::new(Mutex::new(Watch::default()));
        let shared = Arc::clone(&state);
        let thread = thread::spawn(move || {
            let run = RunId::next();
            command
                .env_remove("RUST_BACKTRACE")
                .env_remove("RUST_LIB_BACKTRACE");
            let start = Instant::now();
            let spawned = supervise::spawn(&mut command, supervise::own_spawn(), limits, &run);
            // The child's ends of its pipes and files: only the child holds them now.
            drop(command);
            let child = match spawned {
                Ok(child) => child,
                Err(e) => {
                    lock(&shared).done = true;
                    let _ = events.send(Event::Exited(who));
                    return Err(e);
                }
            };
            {
                let mut w = lock(&shared);
                w.pid = Some(child.pid);
                if let Some(why) = w.pending {
                    child.kill_group();
                    w.killed = Some(why);
                }
            }
            let exited = child.wait_exited();
            let killed = {
                let mut w = lock(&shared);
                w.done = true;
                w.killed
            };
            let _ = events.send(Event::Exited(who));
            let reaped = child.reap(&run)?;
            let (status, usage) = (reaped.status, reaped.usage);
            let exited = exited?;
            let exit = match (killed, status.code(), status.signal()) {
                (Some(Kill::Deadline), _, _) => Exit::Killed,
                (_, Some(code), _) => Exit::Code(code),
                (_, None, Some(signal)) => Exit::Signal(signal),
                (_, None, None) => Exit::Killed,
            };
            Ok(Finished {
                exit,
                elapsed: exited.at.saturating_duration_since(start),
                cpu: usage.cpu,
                max_rss_kib: exited.peak_kib.unwrap_or(usage.max_rss_kib),
                own_memory: exited.peak_kib.is_some(),
                at: exited.at,
            })
        });
        Watched { state, thread }
    }

    /// Kills its process group for `why` unless it has exited already.
    fn kill(&self, why: Kill) {
        let mut w = lock(&self.state);
        match (w.pid, w.done) {
            (_, true) => {}
            (Some(pid), false) => {
                supervise::kill_group_of(pid);
                w.killed.get_or_insert(why);
            }
            (None, false) => {
                w.pending.get_or_insert(why);
            }
        }
    }

    /// Its CPU time so far in clock ticks (`/proc/<pid>/stat`), while it runs.
    fn cpu_ticks(&self) -> Option<u64> {
        let w = lock(&self.state);
        let pid = w.pid.filter(|_| !w.done)?;
        let stat = fs::read_to_string(format!("/proc/{}/stat", pid)).ok()?;
        let fields: Vec<&str> = stat[stat.rfind(')')? + 1..].split_whitespace().collect();
        Some(fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?)
    }

    fn finish(self) -> io::Result<Finished> {
        self.thread.join().unwrap_or_else(|_| {
            Err(io::Error::new(
                io::ErrorKind::Other,
                "a supervising thread panicked",
            ))
        })
    }
}

/// The last lines each side said, and how much.
#[derive(Default)]
struct Talk {
    lines: VecDeque<(Who, String)>,
    partial: [Vec<u8>; 2],
    bytes: [u64; 2],
    /// Lines said by each side.
    said: [u64; 2],
}

impl Talk {
    /// Notes `bytes` said by `who`. Lines of it that more than [`TRANSCRIPT_LINES`] later
    /// lines of it push out are only counted: a flood of lines costs no allocation each.
    fn note(&mut self, who: Who, bytes: &[u8]) {
        let i = who.index();
        self.bytes[i] += bytes.len() as u64;
        let ends = bytes.iter().filter(|&&b| b == b'\n').count();
        let mut unkept = ends.saturating_sub(TRANSCRIPT_LINES);
        let mut rest = bytes;
        while let Some(p) = rest.iter().position(|&b| b == b'\n') {
            if unkept > 0 {
                self.partial[i].clear();
                self.said[i] += 1;
                unkept -= 1;
            } else {
                self.keep(who, &rest[..p]);
                self.end_line(who);
            }
            rest = &rest[p + 1..];
        }
        self.keep(who, rest);
    }

    /// Adds `part` to the line `who` is saying, up to [`LINE_BYTES`].
    fn keep(&mut self, who: Who, part: &[u8]) {
        let partial = &mut self.partial[who.index()];
        let room = LINE_BYTES.saturating_sub(partial.len());
        partial.extend_from_slice(&part[..part.len().min(room)]);
    }

    fn end_line(&mut self, who: Who) {
        let line = std::mem::take(&mut self.partial[who.index()]);
        self.said[who.index()] += 1;
        self.lines
            .push_back((who, String::from_utf8_lossy(&line).into_owned()));
        if self.lines.len() > TRANSCRIPT_LINES {
            self.lines.pop_front();
        }
    }
}

/// One end of a relay, hung up when the relay ends: a socket is shut down, so that the
/// program on its other side sees the end (EOF, EPIPE) even while the tool still holds a
/// copy of it for [`hang_up`].
trait End {
    fn end(&self) {}
}

impl End for UnixStream {
    fn end(&self) {
        let _ = self.shutdown(std::net::Shutdown::Both);
    }
}

impl End for io::Stdin {}
impl End for io::Stdout {}

/// Copies `from` to `to` as it comes, noting it as said by `who`; past `cap` bytes it stops
/// and says so. Ends at the end of `from` or when `to` is closed, closing both (so the
/// writer on the other side sees EPIPE, the reader EOF).
fn relay<R: Read + End + Send + 'static, W: Write + End + Send + 'static>(
    mut from: R,
    mut to: W,
    who: Who,
    cap: u64,
    talk: Arc<Mutex<Talk>>,
    events: Sender<Event>,
) -> thread::JoinHandle<()> {
    thread::spawn(move || {
        let mut buf = vec![0u8; 1 << 16];
        loop {
            let n = match from.read(&mut buf) {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(_) => break,
            };
            let total = {
                let mut t = lock(&talk);
                t.note(who, &buf[..n]);
                t.bytes[who.index()]
            };
            if total > cap {
                let _ = events.send(Event::OverCap(who));
                break;
            }
            if to.write_all(&buf[..n]).and_then(|_| to.flush()).is_err() {
                break;
            }
        }
        from.end();
        to.end();
    })
}

/// Ends the tool's side of a run's sockets once its programs have ended: what they wrote
/// before is still read, then the relays see the end at once, even where a process the run
/// left behind (one the sweep could not kill) still holds the programs' ends.
fn hang_up(ends: &[UnixStream]) {
    for end in ends {
        let _ = end.shutdown(std::net::Shutdown::Both);
    }
}

/// A connected pair: the program's end (for its stdin or stdout) and the tool's.
fn socket_pair() -> io::Result<(Stdio, UnixStream)> {
    let (theirs, ours) = UnixStream::pair()?;
    Ok((Stdio::from(OwnedFd::from(theirs)), ours))
}

/// The command for `party`, in its folder, its stderr to `<who>.stderr` in the folder of its
/// streams ([`streams_of`]).
fn command(party: &Party, who: Who) -> io::Result<(Command, PathBuf)> {
    fs::create_dir_all(party.dir)?;
    let streams = streams_of(party.dir);
    fs::create_dir_all(&streams)?;
    let stderr = streams.join(format!("{}.stderr", who.name()));
    let mut command = Command::new(party.program);
    command
        .args(&party.args)
        .current_dir(party.dir)
        .stderr(Stdio::from(File::create(&stderr)?));
    Ok((command, stderr))
}

/// The measurement of a finished program, its stderr kept in its file.
fn measured(f: &Finished, party: &Party, over: Option<Stream>, stderr: PathBuf) -> Measured<Spool> {
    let stderr = Spool::owned(&stderr);
    let over_cap =
        over.or_else(|| (stderr.len >= party.budget.output_cap).then_some(Stream::Stderr));
    Measured {
        exit: f.exit,
        elapsed: f.elapsed,
        cpu: f.cpu,
        max_rss_kib: f.max_rss_kib,
        own_memory: f.own_memory,
        output_cap: party.budget.output_cap,
        over_cap,
        stdout: Spool::at(Path::new("/dev/null")),
        stderr,
    }
}

/// How a conversation went.
pub struct Conversation {
    pub solution: Measured<Spool>,
    pub interactor: Measured<Spool>,
    /// The side that ended first on its own (not killed by the tool), if one did.
    pub first: Option<Who>,
    /// Killed at the wall-clock cap while both waited: neither used CPU nor wrote a byte in
    /// the last [`TICK`]s.
    pub idle: bool,
    /// The last lines said, in order, with who said each.
    pub transcript: Vec<(Who, String)>,
    /// Lines said by the solution and by the interactor.
    pub said: [u64; 2],
}

/// Runs `solution` and `interactor` connected (each one's stdout the other's stdin),
/// relayed and noted by the tool. Both are killed at `solution.budget.kill_after` of wall
/// clock (the interactor's own budget gives only its output cap). When this returns no
/// process of either is left.
pub fn converse(solution: &Party, interactor: &Party) -> io::Result<Conversation> {
    let (events, inbox) = mpsc::channel();
    let talk = Arc::new(Mutex::new(Talk::default()));
    let (sol_in, to_sol) = socket_pair()?;
    let (sol_out, from_sol) = socket_pair()?;
    let (int_in, to_int) = socket_pair()?;
    let (int_out, from_int) = socket_pair()?;
    let (mut sol_cmd, sol_err) = command(solution, Who::Solution)?;
    sol_cmd.stdin(sol_in).stdout(sol_out);
    let (mut int_cmd, int_err) = command(interactor, Who::Interactor)?;
    int_cmd.stdin(int_in).stdout(int_out);
    let caps = (solution.budget.output_cap, interactor.budget.output_cap);
    let ends = [
        from_sol.try_clone()?,
        to_int.try_clone()?,
        from_int.try_clone()?,
        to_sol.try_clone()?,
    ];
    let relays = [
        relay(
            from_sol,
            to_int,
            Who::Solution,
            caps.0,
            talk.clone(),
            events.clone(),
        ),
        relay(
            from_int,
            to_sol,
            Who::Interactor,
            caps.1,
            talk.clone(),
            events.clone(),
        ),
    ];
    let start = Instant::now();
    let sides = [
        Watched::start(
            sol_cmd,
            solution.budget.limits(),
            Who::Solution,
            events.clone(),
        ),
        Watched::start(int_cmd, interactor.budget.limits(), Who::Interactor, events),
    ];
    let ended = supervise_both(&sides, &inbox, &talk, start + solution.budget.kill_after);
    let [sol, int] = sides;
    let (sol, int) = (sol.finish(), int.finish());
    hang_up(&ends);
    for r in relays {
        let _ = r.join();
    }
    let (sol, int) = (sol?, int?);
    let talk = lock(&talk);
    let over = |who: Who, cap: u64| (talk.bytes[who.index()] > cap).then_some(Stream::Stdout);
    // A side the tool killed did not end on its own; nor did one that ended after that kill
    // (it read the end of its input, which the kill made).
    let first = match (sol.exit, int.exit) {
        (Exit::Killed, Exit::Killed) => None,
        (Exit::Killed, _) if int.at < sol.at => Some(Who::Interactor),
        (_, Exit::Killed) if sol.at < int.at => Some(Who::Solution),
        (Exit::Killed, _) | (_, Exit::Killed) => None,
        _ if int.at < sol.at => Some(Who::Interactor),
        _ => Some(Who::Solution),
    };
    Ok(Conversation {
        solution: measured(&sol, solution, over(Who::Solution, caps.0), sol_err),
        interactor: measured(&int, interactor, over(Who::Interactor, caps.1), int_err),
        first,
        idle: ended.idle,
        transcript: talk.lines.iter().cloned().collect(),
        said: talk.said,
    })
}

/// How the tool's wait for a run's processes ended.
struct Ended {
    idle: bool,
}

/// Waits for both sides to exit, killing one that goes over its output cap and both at
/// `deadline`; notes whether both were waiting for each other then.
fn supervise_both(
    sides: &[Watched; 2],
    inbox: &Receiver<Event>,
    talk: &Mutex<Talk>,
    deadline: Instant,
) -> Ended {
    let mut running = [true, true];
    let mut idle_since: Option<Instant> = None;
    let mut last = None;
    let mut idle = false;
    while running.iter().any(|&r| r) {
        let now = Instant::now();
        if now >= deadline {
            idle = running == [true, true]
                && idle_since.is_some_and(|since| now.duration_since(since) >= TICK * 2);
            sides.iter().for_each(|side| side.kill(Kill::Deadline));
            drain(inbox, &mut running);
            break;
        }
        match inbox.recv_timeout(TICK.min(deadline - now)) {
            Ok(Event::Exited(who)) => running[who.index()] = false,
            Ok(Event::OverCap(who)) => sides[who.index()].kill(Kill::OverCap),
            Err(RecvTimeoutError::Timeout) => {
                // Progress: bytes moved, CPU used by either side.
                let t = lock(talk);
                let progress = (
                    t.bytes,
                    sides.iter().map(Watched::cpu_ticks).collect::<Vec<_>>(),
                );
                drop(t);
                if last.as_ref() == Some(&progress) {
                    idle_since.get_or_insert(now);
                } else {
                    idle_since = None;
                }
                last = Some(progress);
            }
            Err(RecvTimeoutError::Disconnected) => break,
        }
    }
    Ended { idle }
}

/// Waits for the exit of every side still `running` (each has been killed).
fn drain(inbox: &Receiver<Event>, running: &mut [bool; 2]) {
    while running.iter().any(|&r| r) {
        match inbox.recv() {
            Ok(Event::Exited(who)) => running[who.index()] = false,
            Ok(Event::OverCap(_)) => {}
            Err(_) => break,
        }
    }
}

/// How a run in a working folder went: its stdout in `solution.stdout` of the folder of its
/// streams ([`streams_of`]).
pub type InFolder = Measured<Spool>;

/// Runs `party` in its folder with `stdin` as its stdin (`/dev/null` for none) and its
/// stdout written to `solution.stdout` beside its stderr ([`streams_of`]), both output streams and every file it writes
/// capped at the budget's output cap, killed at its wall-clock cap. The named output file a
/// file problem writes stays in the folder for the caller to read.
pub fn run_in_folder(party: &Party, stdin: &Path) -> io::Result<InFolder> {
    let (events, inbox) = mpsc::channel();
    let (mut cmd, stderr) = command(party, Who::Solution)?;
    let stdout = streams_of(party.dir).join("solution.stdout");
    cmd.stdin(Stdio::from(File::open(stdin)?))
        .stdout(Stdio::from(File::create(&stdout)?));
    let start = Instant::now();
    let side = Watched::start(cmd, party.budget.limits(), Who::Solution, events);
    wait_one(&side, &inbox, start + party.budget.kill_after);
    let done = side.finish()?;
    let stdout = Spool::owned(&stdout);
    let over = (stdout.len >= party.budget.output_cap).then_some(Stream::Stdout);
    let mut m = measured(&done, party, over, stderr);
    m.stdout = stdout;
    Ok(m)
}

/// Waits for the one side's exit, killing it at `deadline`.
fn wait_one(side: &Watched, inbox: &Receiver<Event>, deadline: Instant) {
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match inbox.recv_timeout(left) {
            Ok(Event::Exited(_)) | Err(RecvTimeoutError::Disconnected) => return,
            Ok(Event::OverCap(_)) => side.kill(Kill::OverCap),
            Err(RecvTimeoutError::Timeout) => {
                side.kill(Kill::Deadline);
                let _ = inbox.recv();
                return;
            }
        }
    }
}

/// Runs `party` talking with the terminal: what the user types goes to its stdin as it is
/// typed, what it writes to stdout is shown at once, its stderr goes to the terminal's.
/// Killed at its wall-clock cap; `make run` of an interactive problem. Its stdout is not kept.
pub fn play(party: &Party) -> io::Result<InFolder> {
    let (events, inbox) = mpsc::channel();
    let talk = Arc::new(Mutex::new(Talk::default()));
    let (sol_in, to_sol) = socket_pair()?;
    let (sol_out, from_sol) = socket_pair()?;
    let (mut cmd, stderr) = command(party, Who::Solution)?;
    cmd.stdin(sol_in).stdout(sol_out).stderr(Stdio::inherit());
    let cap = party.budget.output_cap;
    // The typing relay may wait on the terminal after the run: it is never joined.
    drop(relay(
        io::stdin(),
        to_sol,
        Who::Interactor,
        u64::MAX,
        talk.clone(),
        events.clone(),
    ));
    let ends = [from_sol.try_clone()?];
    let shown = relay(
        from_sol,
        io::stdout(),
        Who::Solution,
        cap,
        talk,
        events.clone(),
    );
    let start = Instant::now();
    let side = Watched::start(cmd, party.budget.limits(), Who::Solution, events);
    wait_one(&side, &inbox, start + party.budget.kill_after);
    let done = side.finish();
    hang_up(&ends);
    let _ = shown.join();
    let done = done?;
    Ok(measured(&done, party, None, stderr))
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::TempDir;

    fn party<'a>(dir: &'a Path, script: &str, kill_ms: u64) -> Party<'a> {
        Party {
            program: Path::new("/bin/sh"),
            args: vec!["-c".to_string(), script.to_string()],
            dir,
            budget: Budget {
                kill_after: Duration::from_millis(kill_ms),
                output_cap: 1 << 20,
                stack: crate::exec::run::DEFAULT_STACK,
            },
        }
    }

    #[test]
    fn two_programs_talk_and_the_transcript_says_who_said_what() {
        let dir = TempDir::new("judge-interact-talk");
        let sol = party(
            dir.path(),
            "echo hello; read x; echo \"got $x\" >&2",
            10_000,
        );
        let int = party(dir.path(), "read x; echo \"re: $x\"; exit 1", 10_000);
        let c = converse(&sol, &int).unwrap();
        assert_eq!(c.solution.exit, Exit::Code(0));
        assert_eq!(c.interactor.exit, Exit::Code(1));
        assert_eq!(c.solution.first_stderr_line(), "got re: hello");
        assert_eq!(
            c.transcript,
            vec![
                (Who::Solution, "hello".to_string()),
                (Who::Interactor, "re: hello".to_string())
            ]
        );
        assert!(!c.idle);
    }

    #[test]
    fn both_waiting_is_idle_and_ends_at_the_cap() {
        let dir = TempDir::new("judge-interact-idle");
        let sol = party(dir.path(), "read x", 600);
        let int = party(dir.path(), "read x", 600);
        let started = Instant::now();
        let c = converse(&sol, &int).unwrap();
        assert!(started.elapsed() < Duration::from_secs(5));
        assert!(c.idle);
        assert_eq!((c.solution.exit, c.first), (Exit::Killed, None));
    }

    #[test]
    fn the_run_ends_with_its_programs_not_with_a_stray_holding_their_pipes() {
        let dir = TempDir::new("judge-interact-stray");
        // Another run's marker: the sweep leaves the stray to that run; it holds the
        // solution's stdout and stdin.
        let sol = party(
            dir.path(),
            "JUDGE_RUN=0.0 setsid sleep 5 & echo $! >&2; echo hi",
            10_000,
        );
        let int = party(dir.path(), "read x; exit 0", 10_000);
        let started = Instant::now();
        let c = converse(&sol, &int).unwrap();
        let took = started.elapsed();
        let stray = c.solution.first_stderr_line();
        let _ = Command::new("kill").args(["-9", &stray]).status();
        assert!(took < Duration::from_secs(3), "{:?}", took);
        assert_eq!(
            (c.solution.exit, c.interactor.exit),
            (Exit::Code(0), Exit::Code(0))
        );
        assert_eq!(c.transcript, vec![(Who::Solution, "hi".to_string())]);
    }

    #[test]
    fn a_busy_program_is_not_idle() {
        let dir = TempDir::new("judge-interact-busy");
        let sol = party(dir.path(), "while :; do :; done", 600);
        let int = party(dir.path(), "read x", 600);
        let c = converse(&sol, &int).unwrap();
        assert!(!c.idle);
    }

    #[test]
    fn a_run_in_its_folder_writes_its_files_there() {
        let dir = TempDir::new("judge-interact-folder");
        let folder = dir.path().join("case");
        let p = party(&folder, "cat > out.txt; echo said", 10_000);
        let input = dir.path().join("in");
        fs::write(&input, "42\n").unwrap();
        let m = run_in_folder(&p, &input).unwrap();
        assert_eq!(m.exit, Exit::Code(0));
        assert_eq!(fs::read(folder.join("out.txt")).unwrap(), b"42\n");
        assert_eq!(m.stdout.head(100).as_ref(), b"said\n");
        let big = party(&folder, "exec yes > out.txt", 10_000);
        let m = run_in_folder(&big, Path::new("/dev/null")).unwrap();
        assert_eq!(m.exit, Exit::Signal(25));
        assert_eq!(fs::metadata(folder.join("out.txt")).unwrap().len(), 1 << 20);
    }
}
