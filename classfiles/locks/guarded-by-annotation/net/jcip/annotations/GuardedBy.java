package net.jcip.annotations;

import java.lang.annotation.*;

// The shape of JCIP's @GuardedBy (net.jcip.annotations), written here so the
// example needs no jar; m5 locks honours any annotation named GuardedBy.
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.FIELD, ElementType.METHOD})
public @interface GuardedBy {
    String value();
}
