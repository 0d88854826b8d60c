//! The `grundy` binary: a thin shell over [`grundy::cli`].

fn main() {
    std::process::exit(grundy::cli::main());
}
