#ifndef PORTAL_CWEBSOCKETS_SHIM_H
#define PORTAL_CWEBSOCKETS_SHIM_H
// libwebsockets 4.1 (Debian libwebsockets-dev) for Swift: portal's WebSocket client
// (PortalWebSocket, the only module that imports this one). What Swift cannot reach
// directly is here: LWS_PRE (a function-like macro), the context and vhost set-ups with
// their large structs filled in one place, and OpenSSL's words for a certificate that
// failed verification. Every call but lws_cancel_service happens on the service thread.
#include <libwebsockets.h>
#include <string.h>

/// The bytes lws needs in front of every payload handed to lws_write.
static inline size_t portal_lws_pre(void) { return LWS_PRE; }

/// The one protocol portal's connections bind to; `rx_buffer` is the most lws hands a
/// RECEIVE callback at once (a larger message comes in pieces, joined by portal).
static inline struct lws_protocols portal_lws_protocol(lws_callback_function callback, size_t rx_buffer) {
    struct lws_protocols protocol;
    memset(&protocol, 0, sizeof protocol);
    protocol.name = "portal-websocket";
    protocol.callback = callback;
    protocol.rx_buffer_size = rx_buffer;
    return protocol;
}

/// The client context (no listening socket, no vhost yet: each is made by
/// portal_lws_vhost). `user` comes back through lws_context_user. lws's logs are off:
/// they would write to the terminal the UI draws on.
static inline struct lws_context *portal_lws_context(void *user, int timeout_secs) {
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    lws_set_log_level(0, NULL);
    info.port = CONTEXT_PORT_NO_LISTEN;
    info.options = LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT | LWS_SERVER_OPTION_EXPLICIT_VHOSTS;
    info.user = user;
    info.timeout_secs = (unsigned int)timeout_secs;
    info.fd_limit_per_thread = 1024;
    return lws_create_context(&info);
}

/// A vhost: connections made on it go through `proxy` ("user:password@host:port", or ""
/// for none: lws then does not read `http_proxy` itself — portal chooses the proxy) and
/// trust OpenSSL's default paths (the system's store) plus `ca_file` (a PEM bundle). `protocols` ends
/// with a zeroed entry and must outlive the vhost, as must `name`.
static inline struct lws_vhost *portal_lws_vhost(struct lws_context *context, const struct lws_protocols *protocols,
                                                 const char *name, const char *proxy, const char *ca_file, int timeout_secs) {
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = CONTEXT_PORT_NO_LISTEN;
    info.options = LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT;
    info.protocols = protocols;
    info.vhost_name = name;
    info.http_proxy_address = proxy;
    info.client_ssl_ca_filepath = ca_file;
    info.timeout_secs = (unsigned int)timeout_secs;
    return lws_create_vhost(context, &info);
}

/// Opens a client connection on `vhost` (NULL when lws failed at once; the callback may
/// already have had LWS_CALLBACK_CLIENT_CONNECTION_ERROR). `protocols` is the
/// Sec-WebSocket-Protocol list ("a, b") or NULL; redirects are not followed (the upgrade's
/// credentials stay with its origin).
static inline struct lws *portal_lws_connect(struct lws_context *context, struct lws_vhost *vhost, const char *address, int port,
                                             int tls, const char *path, const char *host, const char *protocols, void *opaque) {
    struct lws_client_connect_info info;
    memset(&info, 0, sizeof info);
    info.context = context;
    info.vhost = vhost;
    info.address = address;
    info.port = port;
    info.ssl_connection = (tls ? LCCSCF_USE_SSL : 0) | LCCSCF_HTTP_NO_FOLLOW_REDIRECT;
    info.path = path;
    info.host = host;
    info.protocol = protocols;
    info.local_protocol_name = "portal-websocket";
    info.ietf_version_or_minus_one = -1;
    info.alpn = "http/1.1";
    info.opaque_user_data = opaque;
    return lws_client_connect_via_info(&info);
}

/// Ends a connection that is still being made (at the next service).
static inline void portal_lws_abandon(struct lws *wsi) {
    lws_set_timeout(wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC);
}

/// The verification error OpenSSL found for the certificate being checked
/// (LWS_CALLBACK_OPENSSL_PERFORM_SERVER_CERT_VERIFICATION hands over the store context).
static inline int portal_lws_verify_error(void *store) {
    return X509_STORE_CTX_get_error((X509_STORE_CTX *)store);
}

/// OpenSSL's words for a verification error ("self-signed certificate", "Hostname mismatch").
static inline const char *portal_lws_verify_words(int error) {
    return X509_verify_cert_error_string(error);
}

/// What a server answers in Sec-WebSocket-Accept for `key` (RFC 6455 §4.2.2), with lws's
/// own SHA-1 and base64: the scripted servers of the tests answer the upgrade with it.
static inline int portal_lws_websocket_accept(const char *key, char *out, int room) {
    char joined[128];
    unsigned char digest[20];
    int n = lws_snprintf(joined, sizeof joined, "%s258EAFA5-E914-47DA-95CA-C5AB0DC85B11", key);
    lws_SHA1((const unsigned char *)joined, (size_t)n, digest);
    return lws_b64_encode_string((const char *)digest, 20, out, room);
}
#endif
