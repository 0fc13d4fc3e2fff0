package com.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Timeout;

/** JUnit 5's lifecycle as m5 test drives it. */
class LifecycleTest {
    static int classSetUps;
    static int repetitions;
    private int perTest;

    @BeforeAll
    static void setUpClass() {
        classSetUps++;
    }

    @BeforeEach
    void setUp() {
        perTest = 10;
    }

    @AfterEach
    void tearDown() {
        perTest = -1;
    }

    /** Three repetitions, each on a new instance after setUp; statics last. */
    @RepeatedTest(3)
    @Timeout(value = 500, unit = TimeUnit.MILLISECONDS)
    void repeats() {
        repetitions++;
        assertEquals(1, classSetUps);
        assertEquals(10, perTest);
        assertTrue(repetitions <= 3);
    }

    /**
     * Fails in its fourth repetition: the repetitions share the statics
     * (m5 runs each test method in a fresh program, as Surefire with
     * reuseForks=false, so repeats() does not count here).
     */
    @RepeatedTest(4)
    void countsRepetitions() {
        assertTrue(++repetitions <= 3, "repetition " + repetitions);
    }
}
