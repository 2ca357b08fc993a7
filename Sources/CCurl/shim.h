#ifndef PORTAL_CCURL_SHIM_H
#define PORTAL_CCURL_SHIM_H
// libcurl (Debian libcurl4-openssl-dev) for Swift. curl_easy_setopt, curl_easy_getinfo and
// curl_multi_setopt are variadic, and Swift cannot call a C variadic function, so each kind
// of argument gets a `static inline` wrapper here. Only PortalCurl imports this module, and
// it calls libcurl from one thread (CurlLoop), except curl_multi_wakeup, which libcurl
// allows from any thread.
#include <curl/curl.h>

static inline CURLcode portal_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode portal_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

/// A string option; libcurl copies the text (every string option but POSTFIELDS).
static inline CURLcode portal_curl_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

/// The request headers: the list must live until the transfer ends.
static inline CURLcode portal_curl_set_headers(CURL *handle, struct curl_slist *headers) {
    return curl_easy_setopt(handle, CURLOPT_HTTPHEADER, headers);
}

/// The request body, copied by libcurl (so the caller's bytes may go at once).
static inline CURLcode portal_curl_set_body(CURL *handle, const char *bytes, curl_off_t count) {
    CURLcode code = curl_easy_setopt(handle, CURLOPT_POSTFIELDSIZE_LARGE, count);
    if (code != CURLE_OK) return code;
    return curl_easy_setopt(handle, CURLOPT_COPYPOSTFIELDS, bytes);
}

/// Where the body and the header lines go: `context` is handed to both callbacks and is
/// kept as the handle's private pointer (to find the transfer a finished handle belongs to).
static inline CURLcode portal_curl_set_receivers(CURL *handle, curl_write_callback body, curl_write_callback header, void *context) {
    CURLcode code = curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, body);
    if (code == CURLE_OK) code = curl_easy_setopt(handle, CURLOPT_WRITEDATA, context);
    if (code == CURLE_OK) code = curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, header);
    if (code == CURLE_OK) code = curl_easy_setopt(handle, CURLOPT_HEADERDATA, context);
    if (code == CURLE_OK) code = curl_easy_setopt(handle, CURLOPT_PRIVATE, context);
    return code;
}

static inline long portal_curl_response_code(CURL *handle) {
    long code = 0;
    if (curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &code) != CURLE_OK) return 0;
    return code;
}

/// Microseconds until the connection was made (to the server or the proxy); 0 when it never was.
static inline curl_off_t portal_curl_connect_time(CURL *handle) {
    curl_off_t time = 0;
    if (curl_easy_getinfo(handle, CURLINFO_CONNECT_TIME_T, &time) != CURLE_OK) return 0;
    return time;
}

/// The next finished transfer of `multi`: 1 with its handle and result, 0 when none is left.
static inline int portal_curl_next_done(CURLM *multi, CURL **handle, CURLcode *result) {
    int queued = 0;
    CURLMsg *message;
    while ((message = curl_multi_info_read(multi, &queued)) != NULL) {
        if (message->msg == CURLMSG_DONE) {
            *handle = message->easy_handle;
            *result = message->data.result;
            return 1;
        }
    }
    return 0;
}

static inline CURLMcode portal_curl_multi_set_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}

#endif
