#include <libexif/exif-data.h>
#include <libexif/exif-utils.h>
