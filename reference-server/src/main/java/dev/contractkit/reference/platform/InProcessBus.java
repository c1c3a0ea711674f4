package dev.contractkit.reference.platform;

/** The bus of a single process: a publication is delivered to the local listeners before it returns. */
final class InProcessBus extends ListenerTable implements Bus {
    @Override
    public synchronized void publish(String channel, String message) {
        checkChannel(channel);
        deliver(channel, message);
    }

    @Override
    public boolean healthy() {
        return true;
    }

    @Override
    public String description() {
        return "in-process";
    }

    @Override
    public void close() {
    }
}
