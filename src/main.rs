use clap::Parser;

fn main() {
    // Like other Unix tools, end quietly when a pipe reader goes away
    // (`m5 run --trace | head`) instead of panicking on a failed print.
    #[cfg(unix)]
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = m5::cli::Cli::parse_from(m5::cli::java_style(std::env::args_os().collect()));
    let code = match m5::cli::main_with(cli) {
        Ok(code) => code,
        Err(e) => {
            // Bad input (class files, schedules, paths) and usage: exit 2.
            eprintln!("{e:#}");
            2
        }
    };
    std::process::exit(code);
}
