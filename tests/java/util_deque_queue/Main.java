import java.util.*;
public class Main {
    public static void main(String[] args) {
        Deque<Integer> st = new ArrayDeque<>();
        for (int i = 0; i < 5; i++) st.push(i);
        System.out.println(st + " " + st.peek() + " " + st.pop() + " " + st.pollLast() + " " + st);
        Queue<String> q = new ArrayDeque<>();
        q.offer("a"); q.offer("b"); q.add("c");
        System.out.println(q.poll() + q.peek() + q.size());
        for (int i = 0; i < 40; i++) st.addFirst(i);
        int s = 0; while (!st.isEmpty()) s += st.removeLast();
        System.out.println(s);
        LinkedList<Integer> ll = new LinkedList<>(List.of(3, 1, 2));
        ll.addFirst(0); ll.addLast(9); ll.removeFirstOccurrence(1);
        System.out.println(ll + " " + ll.getFirst() + " " + ll.getLast() + " " + ll.indexOf(2));
        PriorityQueue<Integer> pq = new PriorityQueue<>(List.of(5, 1, 4, 2, 3));
        StringBuilder sb = new StringBuilder();
        while (!pq.isEmpty()) sb.append(pq.poll());
        PriorityQueue<String> pq2 = new PriorityQueue<>(Comparator.reverseOrder());
        pq2.addAll(List.of("b", "c", "a"));
        System.out.println(sb + " " + pq2.poll());
        try { new ArrayDeque<Integer>().pop(); } catch (NoSuchElementException e) { System.out.println("empty " + e.getMessage()); }
    }
}
