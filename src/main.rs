//! The `m5` binary: the command line parsed and run on a thread with m5's
//! stack size (`cli`); `M5_LOG` turns on m5's debug events.

use clap::Parser;

/// mimalloc instead of the system allocator: a search clones and drops
/// states at every step, and glibc's malloc spent ~15 % of a search's
/// instructions (callgrind) on it; mimalloc's thread-local free lists cost less.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    // Like other Unix tools, end quietly when a pipe reader goes away
    // (`m5 run --trace | head`) instead of panicking on a failed print.
    #[cfg(unix)]
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    if let Err(e) = log_from_env() {
        eprintln!("m5: M5_LOG: {e}");
        std::process::exit(2);
    }
    let args = match m5::cli::java_style(std::env::args_os().collect()) {
        Ok(args) => args,
        Err(e) => {
            eprintln!("m5: {e}");
            std::process::exit(2);
        }
    };
    let cli = m5::cli::Cli::parse_from(args);
    // The command runs on a thread with m5's stack size (the main
    // thread's is the system's, often 8 MiB): see `parallel::STACK_SIZE`.
    let code = std::thread::scope(|sc| {
        match m5::parallel::spawn(sc, || m5::cli::main_with(cli)).join() {
            Ok(Ok(code)) => code,
            Ok(Err(e)) => {
                // Bad input (class files, schedules, paths) and usage: exit 2.
                eprintln!("{e:#}");
                2
            }
            Err(panic) => std::panic::resume_unwind(panic),
        }
    });
    std::process::exit(code);
}

/// Debug output for m5's developers: `M5_LOG=debug`, or a filter such as
/// `M5_LOG=m5::load=trace` (tracing's `EnvFilter` syntax), prints m5's
/// tracing events on stderr. Unset, no subscriber is installed and the
/// events cost a check each.
fn log_from_env() -> Result<(), String> {
    let Some(filter) = std::env::var_os("M5_LOG") else {
        return Ok(());
    };
    let filter = filter.to_str().ok_or("not UTF-8")?;
    let filter = tracing_subscriber::EnvFilter::try_new(filter).map_err(|e| format!("{e}"))?;
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .without_time()
        .init();
    Ok(())
}
