/*
 * Bytes to chars for String's byte[] constructors, in the charsets
 * String.getBytes encodes (UTF-8, ISO-8859-1, US-ASCII). Malformed input is
 * replaced as the JDK's String decoder replaces it (one U+FFFD per maximal
 * malformed subsequence, by the JDK's rules); other charsets stop the run
 * as not modeled.
 */
package java.lang;

final class StringDecoding {
    private static final char REPL = '\uFFFD';

    private StringDecoding() {
    }

    /** The chars of bytes[offset, offset + length) in charset csn (already bounds-checked). */
    static char[] decode(String csn, byte[] bytes, int offset, int length) {
        int max = String.charsetMaxCodePoint(csn);
        if (max == 0) {
            String.notModeled("new String(byte[], ...) in charset " + csn);
        }
        if (max == 0x10FFFF) {
            return utf8(bytes, offset, offset + length);
        }
        char[] out = new char[length];
        for (int i = 0; i < length; i++) {
            int b = bytes[offset + i] & 0xFF;
            out[i] = b > max ? REPL : (char) b;
        }
        return out;
    }

    /** The deprecated hibyte constructors: each char is hibyte's low 8 bits, then the byte. */
    static char[] hibyte(byte[] ascii, int hibyte, int offset, int count) {
        char[] out = new char[count];
        int high = (hibyte & 0xFF) << 8;
        for (int i = 0; i < count; i++) {
            out[i] = (char) (high | (ascii[offset + i] & 0xFF));
        }
        return out;
    }

    // The JDK's String.decodeUTF8_UTF16 with replacement.
    private static char[] utf8(byte[] src, int sp, int sl) {
        char[] dst = new char[sl - sp]; // a byte gives at most one char
        int dp = 0;
        while (sp < sl) {
            int b1 = src[sp++];
            if (b1 >= 0) {
                dst[dp++] = (char) b1;
            } else if ((b1 >> 5) == -2 && (b1 & 0x1e) != 0) {
                if (sp < sl) {
                    int b2 = src[sp++];
                    if (isNotContinuation(b2)) {
                        dst[dp++] = REPL;
                        sp--;
                    } else {
                        dst[dp++] = (char) (((b1 << 6) ^ b2) ^ (((byte) 0xC0 << 6) ^ ((byte) 0x80)));
                    }
                    continue;
                }
                dst[dp++] = REPL;
                break;
            } else if ((b1 >> 4) == -2) {
                if (sp + 1 < sl) {
                    int b2 = src[sp++];
                    int b3 = src[sp++];
                    if (isMalformed3(b1, b2, b3)) {
                        dst[dp++] = REPL;
                        sp -= 3;
                        sp += malformed3(src, sp);
                    } else {
                        char c = (char) ((b1 << 12) ^ (b2 << 6) ^ (b3 ^ (((byte) 0xE0 << 12) ^ ((byte) 0x80 << 6) ^ ((byte) 0x80))));
                        dst[dp++] = Character.isSurrogate(c) ? REPL : c;
                    }
                    continue;
                }
                if (sp < sl && isMalformed3(b1, src[sp], 0x80)) {
                    dst[dp++] = REPL;
                    continue;
                }
                dst[dp++] = REPL;
                break;
            } else if ((b1 >> 3) == -2) {
                if (sp + 2 < sl) {
                    int b2 = src[sp++];
                    int b3 = src[sp++];
                    int b4 = src[sp++];
                    int uc = ((b1 << 18) ^ (b2 << 12) ^ (b3 << 6) ^ (b4 ^ (((byte) 0xF0 << 18) ^ ((byte) 0x80 << 12) ^ ((byte) 0x80 << 6) ^ ((byte) 0x80))));
                    if (isNotContinuation(b2) || isNotContinuation(b3) || isNotContinuation(b4)
                            || !Character.isSupplementaryCodePoint(uc)) {
                        dst[dp++] = REPL;
                        sp -= 4;
                        sp += malformed4(src, sp);
                    } else {
                        dst[dp++] = Character.highSurrogate(uc);
                        dst[dp++] = Character.lowSurrogate(uc);
                    }
                    continue;
                }
                b1 &= 0xff;
                if (b1 > 0xf4 || sp < sl && isMalformed4x2(b1, src[sp] & 0xff)) {
                    dst[dp++] = REPL;
                    continue;
                }
                sp++;
                dst[dp++] = REPL;
                if (sp < sl && isNotContinuation(src[sp])) {
                    continue;
                }
                break;
            } else {
                dst[dp++] = REPL;
            }
        }
        char[] exact = new char[dp];
        System.arraycopy(dst, 0, exact, 0, dp);
        return exact;
    }

    private static boolean isNotContinuation(int b) {
        return (b & 0xc0) != 0x80;
    }

    private static boolean isMalformed3(int b1, int b2, int b3) {
        return (b1 == (byte) 0xe0 && (b2 & 0xe0) == 0x80) || (b2 & 0xc0) != 0x80 || (b3 & 0xc0) != 0x80;
    }

    private static boolean isMalformed4x2(int b1, int b2) {
        return (b1 == 0xf0 && (b2 < 0x90 || b2 > 0xbf)) || (b1 == 0xf4 && (b2 & 0xf0) != 0x80) || (b2 & 0xc0) != 0x80;
    }

    private static int malformed3(byte[] src, int sp) {
        int b1 = src[sp++];
        int b2 = src[sp];
        return ((b1 == (byte) 0xe0 && (b2 & 0xe0) == 0x80) || isNotContinuation(b2)) ? 1 : 2;
    }

    private static int malformed4(byte[] src, int sp) {
        int b1 = src[sp++] & 0xff;
        int b2 = src[sp++] & 0xff;
        if (b1 > 0xf4 || (b1 == 0xf0 && (b2 < 0x90 || b2 > 0xbf)) || (b1 == 0xf4 && (b2 & 0xf0) != 0x80)
                || isNotContinuation(b2)) {
            return 1;
        }
        if (isNotContinuation(src[sp])) {
            return 2;
        }
        return 3;
    }
}
