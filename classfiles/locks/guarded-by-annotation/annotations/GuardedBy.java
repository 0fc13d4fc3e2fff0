package annotations;

import java.lang.annotation.*;

// Same shape as JCIP's and javax.annotation.concurrent's @GuardedBy
// (class-file retention): m5 locks honours any annotation named GuardedBy.
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.FIELD, ElementType.METHOD})
public @interface GuardedBy {
    String value();
}
