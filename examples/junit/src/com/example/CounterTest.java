package com.example;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;

/** JUnit 5 tests of Counter: m5 test runs each under every schedule. */
class CounterTest {
    private Counter counter;

    @BeforeEach
    void setUp() {
        counter = new Counter();
    }

    /** Two threads, one racy increment each: some schedule loses one. */
    @Test
    void racyIncrementsAddUp() throws InterruptedException {
        Thread a = new Thread(counter::incrementRacy);
        Thread b = new Thread(counter::incrementRacy);
        a.start();
        b.start();
        a.join();
        b.join();
        assertEquals(2, counter.get());
    }

    /** The same with synchronized increments: passes in every schedule. */
    @Test
    void synchronizedIncrementsAddUp() throws InterruptedException {
        Thread a = new Thread(counter::increment);
        Thread b = new Thread(counter::increment);
        a.start();
        b.start();
        a.join();
        b.join();
        assertEquals(2, counter.get());
    }

    /** Two threads take two locks in opposite orders: a deadlock. */
    @Test
    void transfersInOppositeOrders() throws InterruptedException {
        Object left = new Object();
        Object right = new Object();
        Thread a = new Thread(() -> {
            synchronized (left) {
                synchronized (right) {
                    counter.increment();
                }
            }
        });
        Thread b = new Thread(() -> {
            synchronized (right) {
                synchronized (left) {
                    counter.increment();
                }
            }
        });
        a.start();
        b.start();
        a.join();
        b.join();
        assertEquals(2, counter.get());
    }

    @Disabled("shows how a disabled test is reported")
    @Test
    void notYet() {
        assertEquals(1, 2);
    }
}
