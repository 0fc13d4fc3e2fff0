import java.util.function.*;
public class Main {
    public static void main(String[] args) {
        Function<Integer, Integer> inc = x -> x + 1, dbl = x -> x * 2;
        System.out.println(inc.andThen(dbl).apply(3) + " " + inc.compose(dbl).apply(3) + " " + Function.<Integer>identity().apply(9));
        BiFunction<String, Integer, String> rep = String::repeat;
        System.out.println(rep.andThen(String::length).apply("ab", 3));
        Supplier<StringBuilder> sup = StringBuilder::new;
        StringBuilder sb = sup.get().append("x");
        Consumer<StringBuilder> c1 = b -> b.append("1"), c2 = b -> b.append("2");
        c1.andThen(c2).accept(sb);
        System.out.println(sb);
        Predicate<String> empty = String::isEmpty;
        Predicate<String> longish = s -> s.length() > 3;
        System.out.println(empty.negate().test("") + " " + empty.or(longish).test("abcd") + " " + empty.and(longish).test("") + " " + Predicate.not(empty).test("a"));
        UnaryOperator<String> up = String::toUpperCase;
        BinaryOperator<Integer> max = BinaryOperator.maxBy(Integer::compare);
        System.out.println(up.apply("hi") + " " + max.apply(3, 8));
        IntUnaryOperator sq = v -> v * v;
        IntBinaryOperator add = Integer::sum;
        ToIntFunction<String> len = String::length;
        IntPredicate even = v -> v % 2 == 0;
        LongSupplier ls = () -> 1L << 40;
        DoubleUnaryOperator half = d -> d / 2;
        System.out.println(sq.andThen(sq).applyAsInt(3) + " " + add.applyAsInt(2, 5) + " " + len.applyAsInt("four") + " " + even.test(4) + " " + ls.getAsLong() + " " + half.applyAsDouble(5));
        BiConsumer<String, Integer> pr = (k, v) -> System.out.println(k + "=" + v);
        pr.accept("k", 1);
        IntFunction<int[]> mk = int[]::new;
        System.out.println(mk.apply(4).length);
    }
}
