//! `receive`, `import` and `watch` end to end, on throwaway workspaces: problems POSTed the way
//! Competitive Companion sends them become packages that `check` builds and runs.

mod support;

use std::fs;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::thread;
use std::time::Duration;
use support::{judge, judge_command, judge_exits, line, text, workspace_like_real};

/// A running judge whose stdout lines arrive on a channel.
struct Running {
    child: Child,
    lines: Receiver<String>,
    seen: Vec<String>,
}

impl Running {
    fn start(root: &Path, args: &[&str]) -> Running {
        let mut child = judge_command(root, args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (send, lines) = channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Running {
            child,
            lines,
            seen: Vec::new(),
        }
    }

    /// Waits (at most `secs`) for a line containing `part`; returns it.
    fn line_with(&mut self, part: &str, secs: u64) -> String {
        loop {
            match self.lines.recv_timeout(Duration::from_secs(secs)) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    if line.contains(part) {
                        return line;
                    }
                }
                Err(_) => {
                    let _ = self.child.kill();
                    panic!("no line with `{}` in:\n{}", part, self.seen.join("\n"));
                }
            }
        }
    }

    /// Waits (at most `secs`) for the judge to exit; returns its status code, all of its
    /// stdout and its stderr. Kills it on timeout.
    fn finish(mut self, secs: u64) -> (Option<i32>, String, String) {
        for _ in 0..secs * 10 {
            if let Some(status) = self.child.try_wait().unwrap() {
                while let Ok(line) = self.lines.recv_timeout(Duration::from_secs(5)) {
                    self.seen.push(line);
                }
                let mut err = String::new();
                self.child
                    .stderr
                    .take()
                    .unwrap()
                    .read_to_string(&mut err)
                    .unwrap();
                return (status.code(), self.seen.join("\n"), err);
            }
            thread::sleep(Duration::from_millis(100));
        }
        let _ = self.child.kill();
        panic!("still running after {} s:\n{}", secs, self.seen.join("\n"));
    }
}

/// Starts `receive` on a free port; returns it and the port it printed.
fn receiver(root: &Path) -> (Running, u16) {
    let mut running = Running::start(root, &["receive", "--port", "0"]);
    let line = running.line_with("listening on 127.0.0.1:", 60);
    let port = line
        .split("127.0.0.1:")
        .nth(1)
        .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|digits| digits.parse().ok())
        .unwrap_or_else(|| panic!("no port in `{}`", line));
    (running, port)
}

/// Sends `raw` (a whole HTTP request) and returns the status code and the body of the answer.
fn send_raw(port: u16, raw: &[u8]) -> (u16, String) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream.write_all(raw).unwrap();
    // Nothing more comes: a body shorter than its Content-Length ends here.
    stream.shutdown(std::net::Shutdown::Write).unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    let status = answer
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("not an HTTP answer: {}", answer));
    let body = answer.split("\r\n\r\n").nth(1).unwrap_or("").to_string();
    (status, body)
}

/// POSTs `json` the way the extension does.
fn post(port: u16, json: &str) -> (u16, String) {
    let raw = format!(
        "POST / HTTP/1.1\r\nHost: localhost:{}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n{}",
        port,
        json.len(),
        json
    );
    send_raw(port, raw.as_bytes())
}

/// `s` as a JSON string literal.
fn quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out + "\""
}

const P1074_IN: &str = "7 0 0 9 0 0 0 0 1\n1 0 0 0 0 5 9 0 0\n0 0 0 2 0 0 0 8 0\n\
                        0 0 5 0 2 0 0 0 3\n0 0 0 0 0 0 6 4 8\n4 1 3 0 0 0 0 0 0\n\
                        0 0 7 0 0 2 0 9 0\n2 0 1 0 6 0 8 0 4\n0 8 0 5 0 4 0 1 2\n";
const POJ_IN: &str = "1\n103000509\n002109400\n000704000\n300502006\n060000050\n\
                      700803004\n000401000\n009205800\n804000107\n";
const POJ_OUT: &str = "143628579\n572139468\n986754231\n391542786\n468917352\n\
                       725863914\n237481695\n619275843\n854396127\n";

/// A Luogu problem as the extension sends it: a Chinese title (with a `\u` escape and a
/// surrogate pair), whole-number limits.
fn luogu(batch: &str, size: u32) -> String {
    format!(
        r#"{{"name": "P1074 [NOIP 2009 \u63d0\u9ad8\u7ec4] 靶形数独 \ud83c\udfaf", "group": "Luogu",
  "url": "https://www.luogu.com.cn/problem/P1074", "interactive": false,
  "memoryLimit": 128, "timeLimit": 2000,
  "tests": [{{"input": {}, "output": "2829\n"}}],
  "testType": "single", "input": {{"type": "stdin"}}, "output": {{"type": "stdout"}},
  "languages": {{"java": {{"mainClass": "Main", "taskClass": "P1074"}}}},
  "batch": {{"id": "{}", "size": {}}}}}"#,
        quote(P1074_IN),
        batch,
        size
    )
}

/// A POJ problem as the extension's POJ parser sends it: 65536 KB as 65.536 "MB".
fn poj(id: u32, batch: &str, size: u32) -> String {
    format!(
        r#"{{"name": "Sudoku", "group": "POJ", "url": "http://poj.org/problem?id={}",
  "memoryLimit": 65.536, "timeLimit": 2000,
  "tests": [{{"input": {}, "output": {}}}],
  "testType": "single", "input": {{"type": "stdin"}}, "output": {{"type": "stdout"}},
  "languages": {{"java": {{"mainClass": "Main", "taskClass": "Sudoku"}}}},
  "batch": {{"id": "{}", "size": {}}}}}"#,
        id,
        quote(POJ_IN),
        quote(POJ_OUT),
        batch,
        size
    )
}

/// Every file under `dir` (relative path, bytes), `target/` left out, sorted.
fn tree(dir: &Path) -> Vec<(String, Vec<u8>)> {
    fn walk(base: &Path, dir: &Path, out: &mut Vec<(String, Vec<u8>)>) {
        for entry in fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                if path.file_name().unwrap() != "target" {
                    walk(base, &path, out);
                }
            } else {
                let rel = path.strip_prefix(base).unwrap().display().to_string();
                out.push((rel, fs::read(&path).unwrap()));
            }
        }
    }
    let mut out = Vec::new();
    if dir.exists() {
        walk(dir, dir, &mut out);
    }
    out.sort();
    out
}

fn problems_and_samples(root: &Path) -> Vec<(String, Vec<u8>)> {
    let mut all = tree(&root.join("problems"));
    all.extend(
        tree(&root.join("samples"))
            .into_iter()
            .map(|(p, b)| (format!("samples/{}", p), b)),
    );
    all
}

#[test]
fn received_problems_build_and_run_their_samples() {
    let root = workspace_like_real("receive-check");
    let (running, port) = receiver(&root);
    let (status, body) = post(port, &luogu("b1", 2));
    assert_eq!(status, 200, "{}", body);
    assert!(
        body.contains("created problems/p1074 with 1 sample"),
        "{}",
        body
    );
    assert_eq!(post(port, &poj(2676, "b1", 2)).0, 200);
    let (code, stdout, stderr) = running.finish(60);
    assert_eq!(code, Some(0), "{}{}", stdout, stderr);
    assert_eq!(stdout.matches("created problems/").count(), 2, "{}", stdout);

    // Samples exactly as sent, metadata filled in.
    assert_eq!(
        fs::read_to_string(root.join("samples/p1074/1.in")).unwrap(),
        P1074_IN
    );
    assert_eq!(
        fs::read_to_string(root.join("samples/p1074/1.out")).unwrap(),
        "2829\n"
    );
    assert_eq!(
        fs::read_to_string(root.join("samples/poj2676/1.in")).unwrap(),
        POJ_IN
    );
    assert_eq!(
        fs::read_to_string(root.join("samples/poj2676/1.out")).unwrap(),
        POJ_OUT
    );
    let manifest = fs::read_to_string(root.join("problems/p1074/Cargo.toml")).unwrap();
    assert!(
        manifest.contains("description = \"P1074 [NOIP 2009 提高组] 靶形数独 🎯\""),
        "{}",
        manifest
    );
    for (name, judge, id, url, memory) in [
        (
            "p1074",
            "luogu",
            "P1074",
            "https://www.luogu.com.cn/problem/P1074",
            128,
        ),
        (
            "poj2676",
            "poj",
            "2676",
            "http://poj.org/problem?id=2676",
            64,
        ),
    ] {
        let manifest =
            fs::read_to_string(root.join("problems").join(name).join("Cargo.toml")).unwrap();
        let table = format!(
            "[[package.metadata.judge.judges]]\njudge = \"{}\"\nproblem = \"{}\"\n\
             url = \"{}\"\ntime-limit-ms = 2000\nmemory-limit-mib = {}\n",
            judge, id, url, memory
        );
        assert!(manifest.contains(&table), "{}", manifest);
    }
    // The judge tool reads the metadata back.
    let listed = judge_exits(&root, &["list"], 0);
    assert!(
        listed.contains("https://www.luogu.com.cn/problem/P1074")
            && listed.contains("http://poj.org/problem?id=2676"),
        "{}",
        listed
    );

    // `check` builds both and runs them on their samples: the template sums `n` numbers, so
    // it answers both wrong (WA), but nothing is CE.
    let report = judge_exits(&root, &["check", "p1074", "poj2676"], 1);
    for name in ["p1074", "poj2676"] {
        let row = line(&report, name, "1", "");
        assert!(!row.contains(" CE "), "{}", row);
        assert!(
            report.contains(&format!(
                "{0}: 0 of 1 AC; submission target/submit/{0}.rs",
                name
            )),
            "{}",
            report
        );
    }
}

#[test]
fn a_batch_of_three_survives_bad_requests_in_the_middle() {
    let root = workspace_like_real("receive-batch");
    let (running, port) = receiver(&root);
    assert_eq!(post(port, &poj(2676, "b3", 3)).0, 200);
    let bad = [
        ("{\"url\": ", "not JSON"),
        (
            "{\"url\": \"http://poj.org/problem?id=1\", \"memoryLimit\": 64, \"timeLimit\": 1000}",
            "`tests` is missing",
        ),
        (
            "{\"url\": \"http://poj.org/problem?id=..%2F..%2Fetc\", \"memoryLimit\": 64, \
             \"timeLimit\": 1000, \"tests\": []}",
            "could name a path",
        ),
        (
            "{\"url\": \"http://poj.org/problem?id=2\", \"memoryLimit\": \"64MB\", \
             \"timeLimit\": 1000, \"tests\": []}",
            "`memoryLimit` is not a number",
        ),
    ];
    for (json, why) in bad {
        let (status, body) = post(port, json);
        assert_eq!(status, 400, "{}", body);
        assert!(body.contains(why) && body.lines().count() == 1, "{}", body);
    }
    let (status, _) = send_raw(port, b"GET / HTTP/1.1\r\nHost: localhost\r\n\r\n");
    assert_eq!(status, 405);
    let huge = format!(
        "POST / HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        64 << 20
    );
    assert_eq!(send_raw(port, huge.as_bytes()).0, 413);
    assert_eq!(post(port, &poj(3076, "b3", 3)).0, 200);
    assert_eq!(post(port, &luogu("b3", 3)).0, 200);
    let (code, stdout, stderr) = running.finish(60);
    assert_eq!(code, Some(0), "{}{}", stdout, stderr);
    assert_eq!(stdout.matches("created problems/").count(), 3, "{}", stdout);
    assert_eq!(stderr.matches("refused (").count(), 6, "{}", stderr);
    let mut made: Vec<String> = fs::read_dir(root.join("problems"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    made.sort();
    assert_eq!(made, ["p1074", "poj2676", "poj3076"]);
    let samples = fs::read_dir(root.join("samples")).unwrap().count();
    assert_eq!(samples, 3);
}

#[test]
fn import_gives_what_receive_gives_and_never_overwrites() {
    let received = workspace_like_real("import-received");
    let (running, port) = receiver(&received);
    assert_eq!(post(port, &luogu("b", 2)).0, 200);
    assert_eq!(post(port, &poj(2676, "b", 2)).0, 200);
    let (code, stdout, _) = running.finish(60);
    assert_eq!(code, Some(0));

    let imported = workspace_like_real("import-imported");
    let saved = imported.join("saved");
    fs::create_dir_all(&saved).unwrap();
    fs::write(saved.join("p1074.json"), luogu("b", 2)).unwrap();
    fs::write(saved.join("poj.json"), poj(2676, "b", 2)).unwrap();
    let mut lines = Vec::new();
    for file in ["saved/p1074.json", "saved/poj.json"] {
        let out = judge(&imported, &["import", file]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        lines.push(text(&out.stdout).trim_end().to_string());
    }
    assert_eq!(
        problems_and_samples(&imported),
        problems_and_samples(&received)
    );
    assert_eq!(
        lines.join("\n"),
        stdout.lines().skip(1).collect::<Vec<_>>().join("\n")
    );

    // The same problem again with one new sample: added as 2; sample 1, edited by hand, is
    // known by its input and stays as it is.
    fs::write(imported.join("samples/p1074/1.out"), "edited by hand\n").unwrap();
    let again = luogu("c", 1).replace(
        "\"tests\": [",
        "\"tests\": [{\"input\": \"0\\n\", \"output\": \"1\\n\"}, ",
    );
    fs::write(saved.join("again.json"), format!("[{}]", again)).unwrap();
    let out = judge(&imported, &["import", "saved/again.json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("problems/p1074 exists: added 1 new sample,"),
        "{}",
        text(&out.stdout)
    );
    let sample = |f: &str| fs::read_to_string(imported.join("samples/p1074").join(f)).unwrap();
    assert_eq!(sample("1.out"), "edited by hand\n");
    assert_eq!(
        (sample("2.in"), sample("2.out")),
        ("0\n".to_string(), "1\n".to_string())
    );
    assert!(!imported.join("samples/p1074/3.in").exists());
    // Importing it once more adds nothing.
    let out = judge(&imported, &["import", "saved/again.json"]);
    assert!(text(&out.stdout).contains("added 0 new samples"));

    // Refused problems write nothing and fail the import.
    let refused = luogu("d", 1)
        .replace(
            "\"input\": {\"type\": \"stdin\"}",
            "\"input\": {\"type\": \"file\", \"fileName\": \"../x.in\"}",
        )
        .replace("P1074", "P9999");
    fs::write(saved.join("bad.json"), refused).unwrap();
    let out = judge(&imported, &["import", "saved/bad.json"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("input file `../x.in`"),
        "{}",
        text(&out.stderr)
    );
    assert!(!imported.join("problems/p9999").exists());
    assert!(!imported.join("samples/p9999").exists());
}

#[test]
fn watch_checks_again_after_a_change() {
    let root = workspace_like_real("watch");
    let made = judge(&root, &["new", "abc"]);
    assert!(made.status.success(), "{}", text(&made.stderr));
    // The template's stand-in solve sums the values.
    fs::write(root.join("samples/abc/1.in"), "3\n1 2 3\n").unwrap();
    fs::write(root.join("samples/abc/1.out"), "6\n").unwrap();
    let mut running = Running::start(&root, &["watch", "abc", "--stop-after-runs", "2"]);
    running.line_with("watch 1: check abc (first run)", 60);
    running.line_with("abc: 1 of 1 AC", 300);
    running.line_with("watch 1 done", 60);
    let main = root.join("problems/abc/src/main.rs");
    let mut source = fs::read_to_string(&main).unwrap();
    source.push_str("// changed\n");
    fs::write(&main, source).unwrap();
    running.line_with("watch 2: check abc (changed: problems/abc/src/main.rs)", 60);
    let (code, stdout, stderr) = running.finish(300);
    assert_eq!(code, Some(0), "{}{}", stdout, stderr);
    assert!(stdout.contains("watch 2 done"), "{}", stdout);
}

/// A POST of `body` with `Origin: https://evil.example` and the given Content-Type header
/// line (none when empty), as a web page would send it.
fn foreign_post(port: u16, content_type: &str, body: &str) -> (u16, String) {
    let raw = format!(
        "POST / HTTP/1.1\r\nHost: localhost:{}\r\nOrigin: https://evil.example\r\n{}\
         Content-Length: {}\r\n\r\n{}",
        port,
        content_type,
        body.len(),
        body
    );
    send_raw(port, raw.as_bytes())
}

#[test]
fn only_json_posts_write_and_refusals_never_end_the_listener() {
    let root = workspace_like_real("receive-foreign");
    let before = problems_and_samples(&root);
    let (mut running, port) = receiver(&root);
    let problem = poj(2676, "b1", 1);
    for content_type in [
        "Content-Type: text/plain\r\n",
        "Content-Type: text/plain;charset=UTF-8\r\n",
        "Content-Type: application/x-www-form-urlencoded\r\n",
        "Content-Type: multipart/form-data; boundary=x\r\n",
        "",
    ] {
        let (status, body) = foreign_post(port, content_type, &problem);
        assert_eq!(status, 415, "{}: {}", content_type, body);
        assert!(body.contains("only application/json is taken"), "{}", body);
    }
    // The preflight a page must send before a JSON POST is not granted.
    let preflight = "OPTIONS / HTTP/1.1\r\nOrigin: https://evil.example\r\n\
                     Access-Control-Request-Method: POST\r\n\r\n";
    let (status, _) = send_raw(port, preflight.as_bytes());
    assert_eq!(status, 405);
    // A problem refused by the intake that names no batch is not counted: the listener stays.
    let refused = luogu("", 1).replace(
        "\"input\": {\"type\": \"stdin\"}",
        "\"input\": {\"type\": \"file\", \"fileName\": \"../x.in\"}",
    );
    let (status, body) = post(port, &refused);
    assert!(status == 400 && body.contains("input file"), "{}", body);
    thread::sleep(Duration::from_millis(300));
    assert!(
        running.child.try_wait().unwrap().is_none(),
        "the listener ended"
    );
    assert_eq!(
        problems_and_samples(&root),
        before,
        "a refused request wrote"
    );
    // The real batch is still taken.
    let (status, body) = post(port, &problem);
    assert_eq!(status, 200, "{}", body);
    running.line_with("created problems/poj2676", 30);
    let (code, stdout, stderr) = running.finish(30);
    assert_eq!(code, Some(0), "{}{}", stdout, stderr);
    assert_eq!(stderr.matches("refused (415)").count(), 5, "{}", stderr);
    assert!(
        stderr.contains("not counted: it names no batch"),
        "{}",
        stderr
    );
    let made: Vec<String> = fs::read_dir(root.join("problems"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(made, ["poj2676"]);
}

#[test]
fn a_slow_client_holds_off_no_other() {
    let root = workspace_like_real("receive-slow");
    let (running, port) = receiver(&root);
    // One header byte every 2 s: within any per-read timeout, never a whole request; it
    // stops once the real request is answered.
    let (stop, stopped) = std::sync::mpsc::channel::<()>();
    let slow = thread::spawn(move || {
        let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
        stream.write_all(b"POST / HTTP/1.1\r\n").unwrap();
        for _ in 0..2 {
            if stream.write_all(b"X").is_err() {
                break;
            }
            if stopped.recv_timeout(Duration::from_secs(2)).is_ok() {
                break;
            }
        }
    });
    thread::sleep(Duration::from_millis(500));
    let start = std::time::Instant::now();
    let (status, body) = post(port, &poj(2676, "b1", 1));
    let took = start.elapsed();
    assert_eq!(status, 200, "{}", body);
    assert!(took < Duration::from_secs(3), "answered after {:?}", took);
    let _ = stop.send(());
    let (code, stdout, stderr) = running.finish(30);
    assert_eq!(code, Some(0), "{}{}", stdout, stderr);
    slow.join().unwrap();
}

#[test]
fn a_batch_with_a_refused_problem_ends_once_all_arrived_and_names_it() {
    let root = workspace_like_real("receive-refused");
    let (running, port) = receiver(&root);
    assert_eq!(post(port, &poj(2676, "b3", 3)).0, 200);
    let refused = luogu("b3", 3).replace(
        "\"input\": {\"type\": \"stdin\"}",
        "\"input\": {\"type\": \"file\", \"fileName\": \"../x.in\"}",
    );
    let (status, body) = post(port, &refused);
    assert!(status == 400 && body.contains("input file"), "{}", body);
    // A request that names no batch is not one of the three.
    assert_eq!(post(port, "{\"url\": ").0, 400);
    assert_eq!(post(port, &poj(3076, "b3", 3)).0, 200);
    let (code, stdout, stderr) = running.finish(30);
    assert_eq!(code, Some(1), "{}{}", stdout, stderr);
    assert_eq!(stdout.matches("created problems/").count(), 2, "{}", stdout);
    assert!(
        stderr.contains("batch b3: 2 of 3 problems arrived, 1 refused; waiting for the rest"),
        "{}",
        stderr
    );
    assert_eq!(
        stderr.lines().last().unwrap_or(""),
        "batch b3: 2 of 3 problems taken, 1 refused: https://www.luogu.com.cn/problem/P1074 \
         (the problem's input file `../x.in` must be a plain file name, without folders or \
         quotes)",
        "{}",
        stderr
    );
    // What was taken stays written; the refused one left nothing.
    let mut made: Vec<String> = fs::read_dir(root.join("problems"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    made.sort();
    assert_eq!(made, ["poj2676", "poj3076"]);
    assert!(root.join("samples/poj3076/1.in").is_file());
    assert!(!root.join("samples/p1074").exists());
}
