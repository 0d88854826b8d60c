//! The `grundy` binary: a thin shell over the `grundy` library (see `cli`).

mod cli;

fn main() {
    std::process::exit(cli::main());
}
