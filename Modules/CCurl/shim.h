#ifndef CCURL_SHIM_H
#define CCURL_SHIM_H
#include <curl/curl.h>
#endif
