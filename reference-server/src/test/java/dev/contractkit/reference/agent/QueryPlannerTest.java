package dev.contractkit.reference.agent;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The planner's word rules on their own (the whole agent is in {@link AgentDataAnalysisTest}). */
class QueryPlannerTest {
    static final Tables.Table SALES = new Tables.Table("db", "monthly_sales", "monthly_sales", List.of(
            new Tables.Column("month", "MONTH", false, true), new Tables.Column("store_city", "STORE_CITY", false, false),
            new Tables.Column("revenue", "REVENUE", true, false), new Tables.Column("units", "UNITS", true, false)));
    static final Tables.Table STAFF = new Tables.Table("db", "staff", "staff", List.of(
            new Tables.Column("name", "NAME", false, false), new Tables.Column("store_city", "STORE_CITY", false, false)));

    static String sql(String question) {
        QueryPlanner.Plan o = QueryPlanner.plan(question, List.of(STAFF, SALES), null, List.of());
        return o.query() == null ? "cannot: " + o.cannot() : o.query().sql();
    }

    @Test
    void pluralsCamelCaseAndKeywordColumnsAreMatchedAndQuoted() {
        assertThat(sql("Revenues per month")).isEqualTo(
                "SELECT \"MONTH\", SUM(revenue) AS revenue FROM monthly_sales GROUP BY \"MONTH\" ORDER BY \"MONTH\"");
        assertThat(sql("Average units by store city")).isEqualTo(
                "SELECT store_city, AVG(units) AS avg_units FROM monthly_sales GROUP BY store_city ORDER BY store_city");
    }

    @Test
    void rankingWordsOrderByTheMeasureAndTakeTheNumberAsked() {
        assertThat(sql("Which three cities have the lowest revenue?")).isEqualTo("SELECT store_city, SUM(revenue) AS revenue "
                + "FROM monthly_sales GROUP BY store_city ORDER BY revenue ASC LIMIT 3");
        assertThat(sql("Top units")).isEqualTo("SELECT * FROM monthly_sales ORDER BY units DESC LIMIT 5");
        assertThat(sql("The highest")).startsWith("cannot: the question names no table or column");
    }

    @Test
    void theTableNamedWinsAndCountsNeedNoNumberColumn() {
        assertThat(sql("How many staff per city?")).isEqualTo(
                "SELECT store_city, COUNT(*) AS count FROM staff GROUP BY store_city ORDER BY store_city");
        assertThat(sql("Total of the staff")).isEqualTo("cannot: the question asks for the sum but names no number column of "
                + "`staff` (number columns: none)");
    }

    @Test
    void aFollowUpChangesOnlyWhatItNames() {
        Query first = QueryPlanner.plan("Revenue per month", List.of(STAFF, SALES), null, List.of()).query();
        QueryPlanner.Plan units = QueryPlanner.plan("And the units?", List.of(STAFF, SALES), first, List.of());
        assertThat(units.followUp()).isTrue();
        assertThat(units.query().sql()).isEqualTo(
                "SELECT \"MONTH\", SUM(units) AS units FROM monthly_sales GROUP BY \"MONTH\" ORDER BY \"MONTH\"");
        QueryPlanner.Plan nothing = QueryPlanner.plan("Why?", List.of(STAFF, SALES), first, List.of());
        assertThat(nothing.query()).isNull();
        assertThat(nothing.cannot()).startsWith("I could not tell what to change in the previous question");
        QueryPlanner.Plan fresh = QueryPlanner.plan("How many staff per city?", List.of(STAFF, SALES), first, List.of());
        assertThat(fresh.followUp()).isFalse();
    }
}
