package dev.contractkit.mock.netty;

import shaded_package.io.netty.buffer.ByteBufUtil;
import shaded_package.io.netty.handler.codec.http.FullHttpRequest;
import shaded_package.io.netty.handler.codec.http.HttpHeaderNames;
import shaded_package.io.netty.handler.codec.http.QueryStringDecoder;
import shaded_package.io.netty.handler.codec.http.cookie.Cookie;
import shaded_package.io.netty.handler.codec.http.cookie.ServerCookieDecoder;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import dev.contractkit.mock.http.Incoming;

/**
 * {@link Incoming} read straight from Netty's request, while the request is being answered (its content is
 * released afterwards): no mapping into MockServer's model on the fast path. The query is decoded on first use.
 */
final class NettyIncoming implements Incoming {
    private static final byte[] NO_BODY = new byte[0];
    private final FullHttpRequest request;
    private final String path;
    private QueryStringDecoder query;
    private byte[] body;

    /** @param path the request's path as sent (as MockServer takes it), already cut off by the caller's routing */
    NettyIncoming(FullHttpRequest request, String path) {
        this.request = request;
        this.path = path;
    }

    @Override
    public String method() {
        return request.method().name();
    }

    @Override
    public String path() {
        return path;
    }

    @Override
    public List<String> headers(String name) {
        return request.headers().getAll(name);
    }

    @Override
    public String header(String name) {
        String value = request.headers().get(name);
        return value == null ? "" : value;
    }

    @Override
    public List<String> query(String name) {
        return queryParameters().getOrDefault(name, List.of());
    }

    @Override
    public Map<String, List<String>> queryParameters() {
        if (request.uri().indexOf('?') < 0) {
            return Map.of();
        }
        if (query == null) {
            query = new QueryStringDecoder(request.uri());
        }
        return query.parameters();
    }

    @Override
    public List<String> cookie(String name) {
        List<String> out = new ArrayList<>(1);
        for (String header : request.headers().getAll(HttpHeaderNames.COOKIE)) {
            for (Cookie c : ServerCookieDecoder.LAX.decodeAll(header)) {
                if (c.name().equals(name)) {
                    out.add(c.value());
                }
            }
        }
        return out;
    }

    @Override
    public byte[] body() {
        if (body == null) {
            body = request.content().isReadable() ? ByteBufUtil.getBytes(request.content()) : NO_BODY;
        }
        return body;
    }
}
