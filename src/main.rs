use clap::Parser;

fn main() {
    let cli = m5::cli::Cli::parse();
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
