#ifndef CURL_SHIM_H
#define CURL_SHIM_H
#include <curl/curl.h>
#endif
