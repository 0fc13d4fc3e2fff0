import java.util.*;
public class Main {
    enum Day { MON, TUE, WED, THU, FRI, SAT, SUN }
    public static void main(String[] args) {
        EnumMap<Day, Integer> hours = new EnumMap<>(Day.class);
        hours.put(Day.WED, 8); hours.put(Day.MON, 6); hours.put(Day.SUN, 0);
        System.out.println(hours + " " + hours.containsKey(Day.TUE));
        EnumSet<Day> weekend = EnumSet.of(Day.SAT, Day.SUN), work = EnumSet.complementOf(weekend);
        System.out.println(weekend + " " + work + " " + EnumSet.range(Day.TUE, Day.THU) + " " + EnumSet.allOf(Day.class).size() + " " + EnumSet.noneOf(Day.class));
        System.out.println(Day.valueOf("FRI").ordinal() + " " + Arrays.toString(Day.values()) + " " + work.contains(Day.MON));
    }
}
