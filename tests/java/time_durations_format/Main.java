import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;

// Durations, times of day and date-times on fixed values, printed in ISO
// form and with DateTimeFormatter patterns (numeric fields only).
public class Main {
    public static void main(String[] args) {
        Duration d = Duration.ofMinutes(135).plusSeconds(42).plusMillis(250);
        System.out.println(d + " " + d.toHours() + "h " + d.toMinutesPart() + "m " + d.toSecondsPart() + "s " + d.toMillisPart() + "ms");
        System.out.println(Duration.parse("PT1H30M").multipliedBy(3) + " " + Duration.ofDays(2).minusHours(1) + " " + Duration.ofSeconds(-90) + " " + Duration.ZERO + " " + Duration.ofNanos(1_500));
        System.out.println(Duration.between(LocalTime.of(9, 15), LocalTime.of(17, 40, 5)) + " " + Duration.ofHours(25).compareTo(Duration.ofDays(1)) + " " + Duration.ofMillis(1234).getNano());
        LocalTime t = LocalTime.of(23, 45, 30);
        System.out.println(t + " +30m " + t.plusMinutes(30) + " " + t.truncatedTo(ChronoUnit.HOURS) + " " + t.toSecondOfDay() + " " + LocalTime.MIDNIGHT + " " + LocalTime.NOON.minusNanos(1));
        LocalDateTime dt = LocalDateTime.of(2024, 2, 28, 22, 30, 0);
        System.out.println(dt + " " + dt.plusHours(30) + " " + dt.plus(Duration.ofMinutes(90)) + " " + dt.toLocalDate() + " " + dt.withSecond(7).withNano(5_000_000));
        DateTimeFormatter f = DateTimeFormatter.ofPattern("yyyy/MM/dd HH:mm:ss");
        System.out.println(f.format(dt) + " | " + LocalDateTime.parse("2021/07/04 09:05:01", f) + " | " + dt.format(DateTimeFormatter.ofPattern("dd.MM.yy H'h'm")));
        System.out.println(dt.format(DateTimeFormatter.ISO_LOCAL_DATE_TIME) + " " + dt.format(DateTimeFormatter.ISO_DATE) + " " + dt.format(DateTimeFormatter.BASIC_ISO_DATE));
        Instant i = Instant.ofEpochSecond(1_700_000_000L, 123_000_000);
        System.out.println(i + " " + i.plus(Duration.ofDays(1)) + " " + i.toEpochMilli() + " " + Instant.EPOCH + " " + Instant.parse("2000-01-01T00:00:00Z").getEpochSecond());
        System.out.println(LocalDateTime.ofEpochSecond(1_700_000_000L, 0, ZoneOffset.UTC) + " " + dt.toEpochSecond(ZoneOffset.ofHours(2)) + " " + ZoneOffset.ofHoursMinutes(-5, -30));
        System.out.println(ChronoUnit.HOURS.between(dt, LocalDateTime.of(2024, 3, 1, 0, 0)) + " " + ChronoUnit.MINUTES.between(t, LocalTime.MAX));
    }
}
