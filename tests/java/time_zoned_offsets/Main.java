import java.time.*;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;

// Date-times with fixed offsets (no time-zone rules database): OffsetDateTime
// arithmetic and conversion between offsets, Instant round trips, ISO
// formatting and parsing, and comparisons across offsets.
public class Main {
    public static void main(String[] args) {
        OffsetDateTime meeting = OffsetDateTime.of(2024, 3, 31, 9, 30, 0, 0, ZoneOffset.ofHours(2));
        System.out.println(meeting + " utc " + meeting.withOffsetSameInstant(ZoneOffset.UTC) + " ny " + meeting.withOffsetSameInstant(ZoneOffset.ofHours(-4)));
        System.out.println(meeting.toInstant() + " " + meeting.toEpochSecond() + " " + meeting.plusHours(20).getDayOfWeek() + " " + meeting.getOffset().getTotalSeconds());
        OffsetDateTime other = OffsetDateTime.parse("2024-03-31T07:30Z");
        System.out.println(meeting.isEqual(other) + " " + meeting.equals(other) + " " + meeting.compareTo(other) + " " + ChronoUnit.MINUTES.between(other, meeting.plusMinutes(45)));
        Instant i = Instant.parse("2024-02-29T23:59:59.5Z");
        System.out.println(i.plusMillis(500) + " " + i.atOffset(ZoneOffset.ofHoursMinutes(5, 30)) + " " + i.truncatedTo(ChronoUnit.HOURS) + " " + i.getNano());
        ZonedDateTime z = ZonedDateTime.ofInstant(i, ZoneOffset.ofHours(-8));
        System.out.println(z + " " + z.toLocalDate() + " " + z.getZone() + " " + z.plusDays(1).format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
        System.out.println(DateTimeFormatter.ISO_INSTANT.format(i) + " " + DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mmXXX").format(meeting) + " " + OffsetTime.of(23, 0, 0, 0, ZoneOffset.ofHours(-1)).plusHours(2));
        System.out.println(ZoneOffset.of("+05:45") + " " + ZoneOffset.of("-0930").getTotalSeconds() + " " + ZoneOffset.MAX + " " + ZoneOffset.MIN + " " + ZoneOffset.ofTotalSeconds(3600).getId());
        try {
            ZoneOffset.ofHours(19);
        } catch (DateTimeException e) {
            System.out.println("DateTimeException: " + e.getMessage());
        }
        System.out.println(LocalDateTime.of(2024, 1, 1, 0, 0).atOffset(ZoneOffset.ofHours(9)).toInstant() + " " + Year.of(2024).atDay(366) + " " + Year.isLeap(1900) + " " + MonthDay.of(2, 29).isValidYear(2023));
    }
}
