package com.example.app;

import dev.contractkit.mock.MockServers;
import dev.contractkit.mock.junit.ContractMock;
import dev.contractkit.mock.junit.MockUrl;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.Test;

import java.net.URI;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A second class with its own mock, started in parallel with the other one. */
@ContractMock(api = {"coupons", "forms"}, stateful = true)
class CouponsAgainstTheMockTest {
    @Test
    void aSecondMockStartsAlongsideAndVerifies(@MockUrl("coupons") URI coupons, @MockUrl("forms") URI forms, MockServers mocks)
            throws Exception {
        assertEquals(200, FormsAgainstTheMockTest.get(coupons.resolve("/api/v1/coupons")).statusCode());
        assertEquals(404, FormsAgainstTheMockTest.get(forms.resolve("/forms/999")).statusCode());

        assertEquals(1, mocks.received(Api.COUPONS, "listCoupons").size());
    }
}
