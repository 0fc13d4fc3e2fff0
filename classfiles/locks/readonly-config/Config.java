// A configuration whose fields are set in the constructor and only read
// afterwards, by every thread: readonly (not declared final, as the seed's
// read_only option finds).
class Config {
    int retries;
    String name;

    Config(int retries, String name) {
        this.retries = retries;
        this.name = name;
    }

    int retries() {
        return retries;
    }
}
