package dev.contractkit.specs.check;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The one reading of parameter text that the mock, the suite and the reference server share. */
class ParameterValuesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode schema(String json) throws Exception {
        return JSON.readTree(json);
    }

    @Test
    void integersOfAnySizeAreNumbersAndADecimalIsANumberThatFailsTheIntegerType() throws Exception {
        JsonNode integer = schema("{\"type\":\"integer\"}");
        assertThat(ParameterValues.scalar(integer, "42").bigIntegerValue()).isEqualTo(BigInteger.valueOf(42));
        assertThat(ParameterValues.scalar(integer, "123456789012345678901234567890").isIntegralNumber()).isTrue();
        assertThat(ParameterValues.scalar(integer, "1.5").isFloatingPointNumber()).isTrue();
        assertThat(ParameterValues.scalar(integer, "ten").isTextual()).isTrue();
    }

    @Test
    void numbersBooleansAndTextAreReadByTheirType() throws Exception {
        assertThat(ParameterValues.scalar(schema("{\"type\":\"number\"}"), "2.50").decimalValue()).isEqualByComparingTo("2.5");
        assertThat(ParameterValues.scalar(schema("{\"type\":\"number\"}"), "x").isTextual()).isTrue();
        assertThat(ParameterValues.scalar(schema("{\"type\":\"boolean\"}"), "true").booleanValue()).isTrue();
        assertThat(ParameterValues.scalar(schema("{\"type\":\"boolean\"}"), "TRUE").isTextual()).isTrue();
        assertThat(ParameterValues.scalar(schema("{\"type\":\"string\"}"), "007").asText()).isEqualTo("007");
        assertThat(ParameterValues.scalar(schema("{\"type\":[\"integer\",\"null\"]}"), "7").isIntegralNumber()).isTrue();
    }

    @Test
    void arraysFollowExplodeAndKeepEmptyParts() throws Exception {
        JsonNode array = schema("{\"type\":\"array\",\"items\":{\"type\":\"integer\"}}");
        JsonNode items = array.path("items");
        assertThat(ParameterValues.value(array, items, List.of("1,2"), false).toString()).isEqualTo("[1,2]");
        assertThat(ParameterValues.value(array, items, List.of("1", "2"), true).toString()).isEqualTo("[1,2]");
        assertThat(ParameterValues.value(array, items, List.of("1,,2"), false)).hasSize(3);
    }

    @Test
    void queryAndCookieParametersExplodeByDefaultHeadersAndPathsDoNot() throws Exception {
        assertThat(ParameterValues.explode(schema("{}"), "query")).isTrue();
        assertThat(ParameterValues.explode(schema("{}"), "cookie")).isTrue();
        assertThat(ParameterValues.explode(schema("{}"), "header")).isFalse();
        assertThat(ParameterValues.explode(schema("{}"), "path")).isFalse();
        assertThat(ParameterValues.explode(schema("{\"explode\":false}"), "query")).isFalse();
        assertThat(ParameterValues.explode(schema("{\"style\":\"simple\"}"), "query")).isFalse();
    }

    @Test
    void headersAreTrimmedAndTheirListsSplitAtCommasWithSpaces() throws Exception {
        assertThat(ParameterValues.header(schema("{\"type\":\"integer\"}"), " 12 ").intValue()).isEqualTo(12);
        assertThat(ParameterValues.header(schema("{\"type\":\"string\"}"), " a ").asText()).isEqualTo(" a ");
        JsonNode list = schema("{\"type\":\"array\",\"items\":{\"type\":\"integer\"}}");
        assertThat(ParameterValues.header(list, "1, 2 ,3").toString()).isEqualTo("[1,2,3]");
        assertThat(ParameterValues.header(list, "  ")).isEmpty();
    }
}
