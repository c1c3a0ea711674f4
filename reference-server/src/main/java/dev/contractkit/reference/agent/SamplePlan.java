package dev.contractkit.reference.agent;

import java.util.Locale;

/**
 * What the question asks for over the built-in sample data set ({@code agent_sample_sales}): the overview the
 * analyst answers with when the planner cannot plan the question on the embedded data source.
 */
record SamplePlan(String dimension, String measure) {
    static SamplePlan of(String question) {
        String q = question.toLowerCase(Locale.ROOT);
        String dim = q.contains("product") ? "product" : q.contains("month") || q.contains("trend") ? "sale_month" : "region";
        String measure = q.contains("unit") ? "units" : "revenue";
        return new SamplePlan(dim, measure);
    }

    String sql() {
        return "SELECT " + dimension + ", SUM(" + measure + ") AS " + measure + " FROM agent_sample_sales GROUP BY "
                + dimension + " ORDER BY " + dimension;
    }

    String name() {
        return measure + "_by_" + dimension;
    }

    String title() {
        return Character.toUpperCase(measure.charAt(0)) + measure.substring(1) + " by " + dimension.replace("sale_", "");
    }

    String summary(String datasource, String skill) {
        return "The question asks for " + measure + " per " + dimension.replace("sale_", "") + ". Plan: inspect the schema of `" + datasource
                + "`, sum " + measure + " grouped by " + dimension + " with one read-only query, answer with a table"
                + (skill == null ? "" : " (skill `" + skill + "`)") + " and save it as CSV.";
    }
}
