import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.Month;
import java.time.Period;
import java.time.YearMonth;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAdjusters;

// java.time on fixed dates: arithmetic across month ends and leap years,
// periods, day-of-week, adjusters, year-months and ISO parsing.
public class Main {
    public static void main(String[] args) {
        LocalDate d = LocalDate.of(2024, 1, 31);
        System.out.println(d + " +1m " + d.plusMonths(1) + " +1y1m " + d.plusYears(1).plusMonths(1) + " -1d " + d.minusDays(1));
        System.out.println(d.getDayOfWeek() + " " + d.getDayOfYear() + " leap " + d.isLeapYear() + " len " + d.lengthOfMonth() + " " + d.lengthOfYear());
        LocalDate start = LocalDate.parse("2023-11-15");
        LocalDate end = LocalDate.of(2025, Month.MARCH, 2);
        Period p = Period.between(start, end);
        System.out.println(p + " " + p.getYears() + "y " + p.getMonths() + "m " + p.getDays() + "d total months " + p.toTotalMonths());
        System.out.println("days " + ChronoUnit.DAYS.between(start, end) + " weeks " + ChronoUnit.WEEKS.between(start, end) + " months " + ChronoUnit.MONTHS.between(start, end));
        System.out.println(start.until(end, ChronoUnit.DAYS) + " " + end.isAfter(start) + " " + start.compareTo(end) + " " + start.equals(LocalDate.of(2023, 11, 15)));
        System.out.println(d.with(TemporalAdjusters.firstDayOfMonth()) + " " + d.with(TemporalAdjusters.next(DayOfWeek.MONDAY)) + " " + d.with(TemporalAdjusters.lastDayOfYear()) + " " + d.with(TemporalAdjusters.firstInMonth(DayOfWeek.FRIDAY)));
        YearMonth ym = YearMonth.of(2024, 2);
        System.out.println(ym + " " + ym.lengthOfMonth() + " " + ym.atEndOfMonth() + " " + ym.plusMonths(11) + " " + YearMonth.of(2100, 2).lengthOfMonth());
        StringBuilder sb = new StringBuilder();
        for (LocalDate x = LocalDate.of(2024, 2, 26); x.isBefore(LocalDate.of(2024, 3, 4)); x = x.plusDays(1)) {
            sb.append(x.getDayOfMonth()).append(x.getDayOfWeek().name().charAt(0)).append(' ');
        }
        System.out.println(sb.toString().trim());
        System.out.println(Period.parse("P1Y2M3D").plusDays(10).normalized() + " " + Period.ofMonths(14).normalized() + " " + Period.ofWeeks(3));
        System.out.println(LocalDate.ofEpochDay(19_000) + " " + LocalDate.of(1970, 1, 1).plusDays(-1).toEpochDay() + " " + LocalDate.ofYearDay(2024, 60));
        System.out.println(DayOfWeek.SUNDAY.plus(3) + " " + Month.FEBRUARY.maxLength() + " " + Month.of(12).firstMonthOfQuarter() + " " + DayOfWeek.valueOf("FRIDAY").getValue());
        try {
            LocalDate.of(2023, 2, 29);
        } catch (java.time.DateTimeException e) {
            System.out.println(e.getClass().getSimpleName() + ": " + e.getMessage());
        }
        try {
            LocalDate.parse("2023-13-01");
        } catch (java.time.format.DateTimeParseException e) {
            System.out.println(e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }
}
