package dev.contractkit.sdk.apidump;

import java.io.IOException;
import java.util.List;

/** Two versions of one small API (before and after a change) for {@link ApiDumpTest}. */
public final class ApiFixtures {
    private ApiFixtures() {
    }

    /** The API before the change. */
    public static class Before {
        /** A constant. */
        public static final String NAME = "before";
        /** Kept as is. */
        protected int kept;

        /** @return a greeting */
        public String hello() {
            return "hello";
        }

        /**
         * @param names who to greet
         * @return the greetings
         * @throws IOException never
         */
        public List<String> greet(String... names) throws IOException {
            return List.of(names);
        }

        /** @param value removed in the next version */
        public void removed(int value) {
        }

        /** @return not API */
        String packagePrivate() {
            return "";
        }

        private void secret() {
        }
    }

    /** The API after the change: {@code hello} deprecated, {@code greet} takes a list, {@code removed} gone. */
    public static class After {
        /** A constant. */
        public static final String NAME = "after";
        /** Kept as is. */
        protected int kept;

        /** @return a greeting */
        @Deprecated
        public String hello() {
            return "hello";
        }

        /**
         * @param names who to greet
         * @return the greetings
         * @throws IOException never
         */
        public List<String> greet(List<String> names) throws IOException {
            return names;
        }

        /** @return added */
        public <T extends Comparable<T>> T added() {
            return null;
        }
    }

    /** A final class: its protected members are not API (no subclass can reach them). */
    public static final class Closed {
        /** Not API. */
        protected int hidden;
        /** API. */
        public int shown;
    }
}
