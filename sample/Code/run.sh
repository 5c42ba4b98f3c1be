#!/bin/sh
echo "paris"
