#include "CurlShim.h"

CURLcode curlshim_global_init(void) { return curl_global_init(CURL_GLOBAL_DEFAULT); }

size_t curlshim_error_buffer_size(void) { return CURL_ERROR_SIZE; }

int curlshim_supports_http2(void) {
  const curl_version_info_data *info = curl_version_info(CURLVERSION_NOW);
  return info != NULL && (info->features & CURL_VERSION_HTTP2) != 0;
}

CURLcode curlshim_easy_setopt_long(CURL *handle, CURLoption option, long value) {
  return curl_easy_setopt(handle, option, value);
}

CURLcode curlshim_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
  return curl_easy_setopt(handle, option, value);
}

CURLcode curlshim_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
  return curl_easy_setopt(handle, option, value);
}

CURLcode curlshim_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
  return curl_easy_setopt(handle, option, value);
}

CURLcode curlshim_easy_setopt_write_callback(CURL *handle, CURLoption option, curl_write_callback callback) {
  return curl_easy_setopt(handle, option, callback);
}

CURLcode curlshim_easy_setopt_xferinfo_callback(CURL *handle, CURLoption option, curl_xferinfo_callback callback) {
  return curl_easy_setopt(handle, option, callback);
}

CURLcode curlshim_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
  return curl_easy_getinfo(handle, info, value);
}

CURLcode curlshim_easy_getinfo_string(CURL *handle, CURLINFO info, const char **value) {
  char *result = NULL;
  CURLcode code = curl_easy_getinfo(handle, info, &result);
  *value = result;
  return code;
}

CURLcode curlshim_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
  return curl_easy_getinfo(handle, info, value);
}

CURLMcode curlshim_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
  return curl_multi_setopt(multi, option, value);
}

int curlshim_multi_next_done(CURLM *multi, CURL **easy, CURLcode *result) {
  int remaining = 0;
  CURLMsg *message;
  while ((message = curl_multi_info_read(multi, &remaining)) != NULL) {
    if (message->msg == CURLMSG_DONE) {
      *easy = message->easy_handle;
      *result = message->data.result;
      return 1;
    }
  }
  return 0;
}
