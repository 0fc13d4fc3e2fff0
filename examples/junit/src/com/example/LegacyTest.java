package com.example;

import static org.junit.Assert.assertEquals;

import java.util.ArrayDeque;
import org.junit.Before;
import org.junit.Test;

/** JUnit 4 tests: `expected` and a lifecycle method. */
public class LegacyTest {
    private ArrayDeque<Integer> queue;

    @Before
    public void setUp() {
        queue = new ArrayDeque<>();
    }

    /** Passes: removing from an empty queue throws. */
    @Test(expected = java.util.NoSuchElementException.class)
    public void removeFromEmptyThrows() {
        queue.remove();
    }

    /** Fails: nothing is thrown, so JUnit reports the missing exception. */
    @Test(expected = IllegalStateException.class)
    public void addNeverThrows() {
        queue.add(1);
        assertEquals(1, queue.size());
    }
}
