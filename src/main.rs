use clap::Parser;

fn main() {
    // Like other Unix tools, end quietly when a pipe reader goes away
    // (`m5 run --trace | head`) instead of panicking on a failed print.
    #[cfg(unix)]
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = m5::cli::Cli::parse_from(m5::cli::java_style(std::env::args_os().collect()));
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
