package com.example;

/** A counter with a racy and a synchronized increment. */
public class Counter {
    private int value;

    /** Read, add, write: two threads can lose an update. */
    public void incrementRacy() {
        int v = value;
        value = v + 1;
    }

    public synchronized void increment() {
        value++;
    }

    public synchronized int get() {
        return value;
    }
}
