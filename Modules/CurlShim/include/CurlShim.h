#ifndef CURL_SHIM_H
#define CURL_SHIM_H

// Non-variadic, typed wrappers around libcurl's variadic entry points
// (`curl_easy_setopt`, `curl_easy_getinfo`, `curl_multi_setopt`), which Swift cannot call
// directly, plus the few macros and unions Swift does not import well.

#include <curl/curl.h>

/// `curl_global_init(CURL_GLOBAL_DEFAULT)`. Call it exactly once per process.
CURLcode curlshim_global_init(void);

/// The size of the buffer `CURLOPT_ERRORBUFFER` needs (`CURL_ERROR_SIZE`).
size_t curlshim_error_buffer_size(void);

/// Whether this libcurl was built with HTTP/2 support.
int curlshim_supports_http2(void);

/// `curl_easy_setopt` for options that take a `long`.
CURLcode curlshim_easy_setopt_long(CURL *handle, CURLoption option, long value);

/// `curl_easy_setopt` for options that take a C string (libcurl copies it).
CURLcode curlshim_easy_setopt_string(CURL *handle, CURLoption option, const char *value);

/// `curl_easy_setopt` for options that take a data pointer (`CURLOPT_WRITEDATA`, `CURLOPT_HTTPHEADER`...).
CURLcode curlshim_easy_setopt_pointer(CURL *handle, CURLoption option, void *value);

/// `curl_easy_setopt` for options that take a `curl_off_t`.
CURLcode curlshim_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value);

/// `curl_easy_setopt` for `CURLOPT_WRITEFUNCTION` and `CURLOPT_HEADERFUNCTION`.
CURLcode curlshim_easy_setopt_write_callback(CURL *handle, CURLoption option, curl_write_callback callback);

/// `curl_easy_setopt` for `CURLOPT_XFERINFOFUNCTION`.
CURLcode curlshim_easy_setopt_xferinfo_callback(CURL *handle, CURLoption option, curl_xferinfo_callback callback);

/// `curl_easy_getinfo` for infos that answer a `long` (`CURLINFO_RESPONSE_CODE`...).
CURLcode curlshim_easy_getinfo_long(CURL *handle, CURLINFO info, long *value);

/// `curl_easy_getinfo` for infos that answer a C string owned by the handle.
CURLcode curlshim_easy_getinfo_string(CURL *handle, CURLINFO info, const char **value);

/// `curl_easy_getinfo` for infos that answer a `curl_off_t`.
CURLcode curlshim_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value);

/// `curl_multi_setopt` for options that take a `long`.
CURLMcode curlshim_multi_setopt_long(CURLM *multi, CURLMoption option, long value);

/// Reads the next finished transfer from `curl_multi_info_read`, skipping other messages.
///
/// Returns 1 and fills `easy` and `result` when a transfer finished, 0 when none is left.
int curlshim_multi_next_done(CURLM *multi, CURL **easy, CURLcode *result);

#endif
