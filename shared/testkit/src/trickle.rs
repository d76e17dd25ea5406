//! Sources that hand their bytes out a few at a time, for tests of buffered readers.

use std::io::{self, Read};

/// A source that gives out its bytes in reads of at most `step` bytes, then the end of input:
/// a buffered reader over it meets every way the input can be cut.
pub struct Trickle {
    data: Vec<u8>,
    pos: usize,
    step: usize,
}

impl Trickle {
    /// `data` in reads of at most `step` (at least 1) bytes.
    pub fn new(data: &[u8], step: usize) -> Trickle {
        Trickle {
            data: data.to_vec(),
            pos: 0,
            step: step.max(1),
        }
    }
}

impl Read for Trickle {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = buf.len().min(self.step).min(self.data.len() - self.pos);
        buf[..n].copy_from_slice(&self.data[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}

/// A source that gives out its replies one read each, as an interactor sends them, and panics
/// when read past the last one: a reader over it must not ask for more than it needs.
pub struct Replies {
    replies: Vec<Vec<u8>>,
    next: usize,
}

impl Replies {
    /// The replies, in order.
    pub fn new(replies: &[&str]) -> Replies {
        Replies {
            replies: replies.iter().map(|r| r.as_bytes().to_vec()).collect(),
            next: 0,
        }
    }
}

impl Read for Replies {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let reply = self
            .replies
            .get(self.next)
            .expect("read past the last reply: an interactor would wait here forever");
        assert!(reply.len() <= buf.len(), "a reply longer than the read");
        buf[..reply.len()].copy_from_slice(reply);
        self.next += 1;
        Ok(reply.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trickles_in_steps() {
        let mut t = Trickle::new(b"abcde", 2);
        let mut buf = [0u8; 8];
        assert_eq!(t.read(&mut buf).unwrap(), 2);
        assert_eq!(t.read(&mut buf).unwrap(), 2);
        assert_eq!(t.read(&mut buf[..1]).unwrap(), 1);
        assert_eq!(&buf[..1], b"e");
        assert_eq!(t.read(&mut buf).unwrap(), 0);
    }

    #[test]
    #[should_panic(expected = "read past the last reply")]
    fn replies_refuse_a_read_past_the_last() {
        let mut r = Replies::new(&["1\n"]);
        let mut buf = [0u8; 8];
        assert_eq!(r.read(&mut buf).unwrap(), 2);
        let _ = r.read(&mut buf);
    }
}
