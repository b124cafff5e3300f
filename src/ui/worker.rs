//! Work off the UI thread. A [`Lane`] is one kind of computation (the exact
//! rate, the measurement, ...) with its own thread and a one-slot mailbox:
//! only the latest request waits, older waiting requests are replaced, and
//! the request in flight is told to stop through its cancel flag. Every
//! request carries a generation number; answers from older generations are
//! dropped, so a stale result can never overwrite a fresh one. Each answer
//! rings the lanes' [`Bell`], so the app draws it at once rather than at
//! its next look.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::thread::JoinHandle;

/// A computation that checks `cancel` now and then and gives up (returning
/// `None`) once it is set. It may hand partial values to its second
/// argument on the way (a measurement's running count); they reach the
/// screen like the final value, under the same generation.
pub(crate) type Task<T> = Box<dyn FnOnce(&AtomicBool, &dyn Fn(T)) -> Option<T> + Send>;

/// What a lane rings when an answer, partial or final, is ready: the app
/// loop's wake-up. Rings that come while one is still unheard are dropped,
/// so a burst of partial answers wakes the loop once.
#[derive(Clone)]
pub(crate) struct Bell {
    ring: Arc<dyn Fn() + Send + Sync>,
    unheard: Arc<AtomicBool>,
}

impl Bell {
    /// A bell that calls `ring` (which must not block).
    pub(crate) fn new(ring: impl Fn() + Send + Sync + 'static) -> Self {
        Bell {
            ring: Arc::new(ring),
            unheard: Arc::new(AtomicBool::new(false)),
        }
    }

    /// A bell nobody listens to: for loops that look on their own.
    pub(crate) fn silent() -> Self {
        Bell::new(|| {})
    }

    /// Rings, unless an earlier ring is still unheard.
    pub(crate) fn ring(&self) {
        if !self.unheard.swap(true, Ordering::AcqRel) {
            (self.ring)();
        }
    }

    /// Marks every ring so far as heard: the listener calls this before it
    /// collects, so an answer that lands after it rings again.
    pub(crate) fn heard(&self) {
        self.unheard.store(false, Ordering::Release);
    }
}

struct Job<T> {
    generation: u64,
    cancel: Arc<AtomicBool>,
    task: Task<T>,
}

struct Mailbox<T> {
    waiting: Option<Job<T>>,
    closed: bool,
}

type Shared<T> = Arc<(Mutex<Mailbox<T>>, Condvar)>;

/// One kind of background work for requests keyed by `K`.
pub(crate) struct Lane<K, T> {
    shared: Shared<T>,
    results: Receiver<(u64, T)>,
    generation: u64,
    cancel: Option<Arc<AtomicBool>>,
    requested: Option<K>,
    thread: Option<JoinHandle<()>>,
}

impl<K: PartialEq + Clone, T: Send + 'static> Lane<K, T> {
    /// Starts the lane's thread (named `name` for debuggers), which rings
    /// `bell` with each answer.
    pub(crate) fn new(name: &str, bell: &Bell) -> Self {
        let shared: Shared<T> = Arc::new((
            Mutex::new(Mailbox {
                waiting: None,
                closed: false,
            }),
            Condvar::new(),
        ));
        let (tx, results) = mpsc::channel();
        let worker_shared = Arc::clone(&shared);
        let bell = bell.clone();
        let thread = std::thread::Builder::new()
            .name(format!("bloomlab-{name}"))
            .spawn(move || serve(&worker_shared, &tx, &bell))
            .ok();
        Lane {
            shared,
            results,
            generation: 0,
            cancel: None,
            requested: None,
            thread,
        }
    }

    /// Asks for `key` to be computed by `make_task()`, unless it is already
    /// the latest request. Cancels whatever was asked before.
    pub(crate) fn request(&mut self, key: &K, make_task: impl FnOnce() -> Task<T>) {
        if self.requested.as_ref() == Some(key) {
            return;
        }
        if let Some(old) = self.cancel.take() {
            old.store(true, Ordering::Relaxed);
        }
        self.generation += 1;
        let cancel = Arc::new(AtomicBool::new(false));
        self.cancel = Some(Arc::clone(&cancel));
        self.requested = Some(key.clone());
        let job = Job {
            generation: self.generation,
            cancel,
            task: make_task(),
        };
        let (lock, wake) = &*self.shared;
        let mut mailbox = lock.lock().unwrap_or_else(PoisonError::into_inner);
        // Replacing an unstarted job is the coalescing: it never runs.
        mailbox.waiting = Some(job);
        wake.notify_one();
    }

    /// Stops the request in flight, if any, and forgets it: its answers,
    /// partial or final, are dropped, and asking for the same key again
    /// starts it afresh.
    pub(crate) fn cancel(&mut self) {
        if self.requested.is_none() {
            return;
        }
        if let Some(old) = self.cancel.take() {
            old.store(true, Ordering::Relaxed);
        }
        self.generation += 1;
        self.requested = None;
        let (lock, _) = &*self.shared;
        lock.lock().unwrap_or_else(PoisonError::into_inner).waiting = None;
    }

    /// The latest answer for the latest request, if it has arrived since the
    /// last call. Answers to older requests are discarded.
    pub(crate) fn poll(&mut self) -> Option<(K, T)> {
        let mut fresh = None;
        while let Ok((generation, value)) = self.results.try_recv() {
            if generation == self.generation {
                fresh = Some(value);
            }
        }
        let key = self.requested.clone()?;
        fresh.map(|value| (key, value))
    }

    /// The generation of the latest request (0 before any).
    #[cfg(test)]
    pub(crate) fn generation(&self) -> u64 {
        self.generation
    }
}

impl<K, T> Drop for Lane<K, T> {
    fn drop(&mut self) {
        if let Some(cancel) = self.cancel.take() {
            cancel.store(true, Ordering::Relaxed);
        }
        let (lock, wake) = &*self.shared;
        lock.lock().unwrap_or_else(PoisonError::into_inner).closed = true;
        wake.notify_all();
        // Never wait for a long computation on the way out: it was cancelled
        // and the thread ends at its next check.
        drop(self.thread.take());
    }
}

fn serve<T>(shared: &Shared<T>, results: &Sender<(u64, T)>, bell: &Bell) {
    let (lock, wake) = &**shared;
    loop {
        let job = {
            let mut mailbox = lock.lock().unwrap_or_else(PoisonError::into_inner);
            loop {
                if mailbox.closed {
                    return;
                }
                if let Some(job) = mailbox.waiting.take() {
                    break job;
                }
                mailbox = wake.wait(mailbox).unwrap_or_else(PoisonError::into_inner);
            }
        };
        if job.cancel.load(Ordering::Relaxed) {
            continue;
        }
        let generation = job.generation;
        let partial = |value: T| {
            // A closed channel means the app is gone; the final send sees it too.
            let _ = results.send((generation, value));
            bell.ring();
        };
        if let Some(value) = (job.task)(&job.cancel, &partial) {
            if results.send((generation, value)).is_err() {
                return;
            }
            bell.ring();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;
    use std::time::{Duration, Instant};

    fn wait_for<K: PartialEq + Clone, T: Send + 'static>(lane: &mut Lane<K, T>) -> (K, T) {
        let start = Instant::now();
        loop {
            if let Some(got) = lane.poll() {
                return got;
            }
            assert!(start.elapsed() < Duration::from_secs(10), "no answer");
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    #[test]
    fn each_answer_rings_the_bell_and_a_burst_rings_it_once() {
        let (tx, rung) = mpsc::channel();
        let bell = Bell::new(move || {
            let _ = tx.send(());
        });
        let mut lane: Lane<u32, u32> = Lane::new("test", &bell);
        lane.request(&1, || Box::new(|_, _| Some(5)));
        assert!(
            rung.recv_timeout(Duration::from_secs(10)).is_ok(),
            "no ring"
        );
        assert_eq!(wait_for(&mut lane), (1, 5));
        // Three partial answers and a final one while nobody listens: one
        // ring, then nothing until the listener has heard it.
        lane.request(&2, || {
            Box::new(|_, partial: &dyn Fn(u32)| {
                partial(1);
                partial(2);
                partial(3);
                Some(4)
            })
        });
        let mut seen = Vec::new();
        while seen.last() != Some(&4) {
            seen.push(wait_for(&mut lane).1);
        }
        assert_eq!(rung.try_iter().count(), 0, "rang again before it was heard");
        bell.heard();
        lane.request(&3, || Box::new(|_, _| Some(6)));
        assert!(
            rung.recv_timeout(Duration::from_secs(10)).is_ok(),
            "heard, then silent"
        );
    }

    #[test]
    fn answers_the_latest_request() {
        let mut lane: Lane<u32, u32> = Lane::new("test", &Bell::silent());
        lane.request(&3, || Box::new(|_, _| Some(9)));
        assert_eq!(wait_for(&mut lane), (3, 9));
    }

    #[test]
    fn a_new_request_cancels_the_running_one_and_drops_its_answer() {
        let mut lane: Lane<u32, u32> = Lane::new("test", &Bell::silent());
        let started = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&started);
        lane.request(&1, move || {
            Box::new(move |cancel: &AtomicBool, _: &dyn Fn(u32)| {
                flag.store(true, Ordering::SeqCst);
                while !cancel.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(1));
                }
                // Answer anyway: the lane must drop it as stale.
                Some(111)
            })
        });
        while !started.load(Ordering::SeqCst) {
            std::thread::sleep(Duration::from_millis(1));
        }
        for key in 2..50 {
            lane.request(&key, move || Box::new(move |_, _| Some(key * 10)));
        }
        assert_eq!(wait_for(&mut lane), (49, 490));
        assert_eq!(lane.generation(), 49);
    }

    #[test]
    fn partial_values_arrive_before_the_final_one() {
        let mut lane: Lane<u32, u32> = Lane::new("test", &Bell::silent());
        lane.request(&1, || {
            Box::new(|_, partial: &dyn Fn(u32)| {
                partial(10);
                partial(20);
                Some(30)
            })
        });
        let mut seen = Vec::new();
        while seen.last() != Some(&30) {
            let (_, v) = wait_for(&mut lane);
            seen.push(v);
        }
        assert!(seen.windows(2).all(|w| w[0] < w[1]), "{seen:?}");
    }

    #[test]
    fn a_cancelled_request_is_dropped_and_can_be_asked_again() {
        let mut lane: Lane<u32, u32> = Lane::new("test", &Bell::silent());
        lane.request(&1, || {
            Box::new(|cancel: &AtomicBool, _: &dyn Fn(u32)| {
                while !cancel.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(1));
                }
                Some(7)
            })
        });
        lane.cancel();
        std::thread::sleep(Duration::from_millis(20));
        assert_eq!(lane.poll(), None);
        lane.request(&1, || Box::new(|_, _| Some(8)));
        assert_eq!(wait_for(&mut lane), (1, 8));
    }

    #[test]
    fn repeating_the_same_request_does_not_restart_it() {
        let mut lane: Lane<u32, u32> = Lane::new("test", &Bell::silent());
        lane.request(&5, || Box::new(|_, _| Some(1)));
        lane.request(&5, || Box::new(|_, _| Some(2)));
        assert_eq!(lane.generation(), 1);
        assert_eq!(wait_for(&mut lane), (5, 1));
    }
}
