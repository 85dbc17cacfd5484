fn main() {
    let n = app::run();
    println!("{}", n);
}
